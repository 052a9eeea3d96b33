/**
 * Said strings (shared/said.ts) put into words in a language, where they leave the server (issue 63): the API's
 * answers, a page's form messages, a mail. It imports the whole catalogue: for the server only, never an island.
 *
 * Zod's own messages (an issue a schema gave no message of its own) are said too: the process-wide error map below
 * keeps the issue, and it is worded here by Zod's locale of the language (`ms`, `zh-CN`).
 */
import { z } from 'zod';
import * as m from '../paraglide/messages.js';
import { readSaid, wordSaid, type Message, type SaidParams } from '../shared/said.ts';
import type { Locale } from '../shared/locale.ts';
import { currentLocale } from '../shared/i18n.ts';

const catalogue = m as unknown as Record<string, Message | undefined>;

/** The key under which a Zod issue without a message of its own is said. */
const ZOD_ISSUE = 'zod_issue';

/** Zod's words for an issue, per language. */
const ZOD_LOCALES = { en: z.locales.en(), ms: z.locales.ms(), zh: z.locales.zhCN() } as const;

/** The input of an issue is kept only as far as its words need it (its type, a short value), never a person's long text. */
function keptInput(input: unknown): unknown {
  if (input === null || typeof input === 'number' || typeof input === 'boolean') return input;
  if (typeof input === 'string') return input.length <= 40 ? input : '';
  return Array.isArray(input) ? [] : typeof input === 'object' ? {} : undefined;
}

z.config({
  customError: (issue) => {
    // What the words need (the code, the expected type, the bounds, the allowed values), never the schema or a long input.
    const kept = Object.entries(issue).filter(([name, value]) => name !== 'input' && name !== 'path' && (typeof value !== 'object' || value === null
      || (Array.isArray(value) && value.every((item) => typeof item !== 'object'))));
    return `${ZOD_ISSUE} ${JSON.stringify({ ...Object.fromEntries(kept), input: keptInput(issue.input) })}`;
  },
});

function zodWords(params: SaidParams, locale: Locale): string {
  const localeError = ZOD_LOCALES[locale].localeError;
  const worded = localeError?.(params as never);
  return typeof worded === 'string' ? worded : worded?.message ?? 'Invalid input';
}

/** A said string in `locale`; any other text (what a person wrote, a message not yet a key) as it is. */
export function sayIn(text: string, locale: Locale): string {
  const said = readSaid(text);
  if (said?.key === ZOD_ISSUE) return zodWords(said.params, locale);
  return wordSaid(text, locale, (key) => catalogue[key]) ?? text;
}

/** A 422's per-field messages in `locale`. */
export function errorsIn(errors: Record<string, string[]>, locale: Locale): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((text) => sayIn(text, locale))]));
}

/** A service's words on a server-rendered form page (contact, appeal, save a search), in the page's language. */
export function pageText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : sayIn(text, currentLocale());
}
