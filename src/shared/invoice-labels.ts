/**
 * An invoice's legal particulars as labelled (issue 63, decision 0036): in English, as the invoice was issued, with the
 * reader's language beside it where it differs ('Seller · Penjual'). The amounts, numbers and names stay as they are.
 */
import type { Locale } from './locale.ts';

type Label<Inputs> = (inputs: Inputs, options?: { locale?: Locale }) => string;

export function invoiceLabel<Inputs extends object = Record<string, never>>(label: Label<Inputs>, inputs = {} as Inputs, locale?: Locale): string {
  const english = label(inputs, { locale: 'en' });
  const reader = label(inputs, locale ? { locale } : undefined);
  return reader === english ? english : `${english} · ${reader}`;
}
