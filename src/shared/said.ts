/**
 * A sentence said now and worded later (issue 63): a message key of the catalogue (messages/*.json) and its
 * parameters, kept as one string so it travels where only a string may (a Zod issue's message, an error's field
 * list, JSON) and is put into words where it leaves: the API's answer, a page, a mail, each in its own language.
 * `form_at_least {"field":"@field_offered_price","min":0}` reads "The offered price must be at least 0."; a parameter
 * written `@key` is itself a message, worded in the same language. This module holds no words, so an island that
 * imports a schema stays small.
 */
import type * as messages from '../paraglide/messages/_index.js';
import type { Locale } from './locale.ts';

export type MessageKey = keyof typeof messages;
export type SaidParams = Record<string, string | number>;

/** A message key and its parameters as one string (the key alone when there are none). */
export function say(key: MessageKey, params?: SaidParams): string {
  return params && Object.keys(params).length > 0 ? `${key} ${JSON.stringify(params)}` : key;
}

/** A parameter that is a message of its own (a field's name, or a said sentence), worded in the sentence's language. */
export const word = (key: MessageKey | string) => `@${key}`;

/** A form field's name as a parameter: 'offered price' is the catalogue's `field_offered_price`. */
export const fieldWord = (label: string) => word(`field_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}` as MessageKey);

const SAID = /^([a-z][a-z0-9_]*)(?: (\{.*\}))?$/s;

/** The key and parameters of a said string, or null for any other text (one a person wrote, say). */
export function readSaid(text: string): { key: string; params: SaidParams } | null {
  const match = SAID.exec(text);
  if (!match) return null;
  try {
    const params: unknown = match[2] === undefined ? {} : JSON.parse(match[2]);
    return typeof params === 'object' && params !== null && !Array.isArray(params) ? { key: match[1]!, params: params as SaidParams } : null;
  } catch {
    return null;
  }
}

/** Sentences start with a capital, as a field's name worded inside one may not (the Latin scripts; Han has none). */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A catalogue message: its words in a language, from its parameters (each message names its own). */
export type Message = (inputs: never, options: { locale: Locale }) => string;
type AnyInputs = (inputs: Record<string, unknown>, options: { locale: Locale }) => string;

/**
 * A said string in `locale`, its messages found by `lookup` (the whole catalogue on the server, a form's few in the
 * browser); undefined when the text is not said or a message it needs is not there.
 */
export function wordSaid(text: string, locale: Locale, lookup: (key: string) => Message | undefined): string | undefined {
  const said = readSaid(text);
  const message = said && lookup(said.key);
  if (!said || !message) return undefined;
  const worded: string[] = [];
  let known = true;
  const inputs = Object.fromEntries(Object.entries(said.params).map(([name, value]) => {
    if (typeof value !== 'string' || !value.startsWith('@')) return [name, value];
    // A parameter may be a whole said sentence ('@api_publish_costs {"amount":…}'), worded with its own parameters.
    const inner = value.slice(1);
    const words = inner.includes(' ') ? wordSaid(inner, locale, lookup) : (lookup(inner) as AnyInputs | undefined)?.({}, { locale });
    known &&= words !== undefined;
    worded.push(words ?? '');
    return [name, words];
  }));
  if (!known) return undefined;
  const sentenceText = (message as AnyInputs)(inputs, { locale });
  // "{field} is required." with the field's name first: the sentence's capital is the name's.
  return worded.some((words) => words !== '' && sentenceText.startsWith(words)) ? sentence(sentenceText) : sentenceText;
}
