/**
 * What the account forms check before they send (login modal, account settings): the shared schemas the API reads
 * them with (src/shared/schemas/accounts.ts), never a pattern of their own. Imported only by those forms, which load
 * on demand, so zod never weighs on a page that does not open one.
 */
import { AccountEmailSchema, CodeSchema, PhoneNumberSchema } from '../shared/schemas/accounts.ts';
import type { ContactType } from './forms.tsx';

export const isEmail = (value: string) => AccountEmailSchema.safeParse(value).success;
export const isPhone = (value: string) => PhoneNumberSchema.safeParse(value).success;
export const isCode = (value: string) => CodeSchema.safeParse(value).success;

export function contactValid(type: ContactType, values: { email: string; phone_number: string }): boolean {
  return type === 'email' ? isEmail(values.email) : isPhone(values.phone_number);
}
