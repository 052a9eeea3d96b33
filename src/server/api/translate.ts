/**
 * The API's words in the caller's language (issue 42): the `message` of an answer and the per-field `errors` of a 422
 * come in the language the browser's API client names in Accept-Language (the page's); without one, English. A text
 * is translated when the message catalogue (messages/*.json, keys `api_…`) holds it word for word in English, or when
 * it is one of the forms' templates (shared/form-messages.ts); any other text stays English.
 */
import type { MiddlewareHandler } from 'hono';
import type { Locale } from '../../shared/locale.ts';
import { translateFormMessage } from '../../shared/form-messages.ts';
import { currentLocale } from '../../shared/i18n.ts';
import { translateText } from '../../shared/messages-by-text.ts';
import { requestLocale, type ApiEnv } from './env.ts';

/** An English text of the API in `locale` (the catalogue's, else a form template's), or as it is when neither knows it. */
export function translateApiText(text: string, locale: Locale): string {
  const translated = translateText('api_', text, locale);
  return translated !== text ? translated : translateFormMessage(text, locale) ?? text;
}

/** A service's words on a server-rendered form page (contact, appeal, save a search), in the page's language. */
export function pageText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : translateApiText(text, currentLocale());
}

const SMALL_ANSWER = 64 * 1024;

/**
 * Translates an answer's `message` and `errors`. Only small JSON answers are read: the search's and the reference
 * data's answers carry no message, and the largest answer with one is a person's or a listing's.
 */
export const translateAnswers: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  const locale = requestLocale(c);
  if (locale === 'en' || !c.res.headers.get('Content-Type')?.startsWith('application/json')) return;
  const length = Number(c.res.headers.get('Content-Length') ?? NaN);
  if (length > SMALL_ANSWER) return;
  const text = await c.res.clone().text();
  if (text.length > SMALL_ANSWER || !text.includes('"message"')) return;
  const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
  let changed = false;
  if (typeof body.message === 'string') {
    const translated = translateApiText(body.message, locale);
    changed ||= translated !== body.message;
    body.message = translated;
  }
  if (typeof body.errors === 'object' && body.errors !== null) {
    for (const [field, messages] of Object.entries(body.errors as Record<string, unknown>)) {
      if (!Array.isArray(messages)) continue;
      (body.errors as Record<string, unknown>)[field] = messages.map((message) => {
        const translated = typeof message === 'string' ? translateApiText(message, locale) : message;
        changed ||= translated !== message;
        return translated;
      });
    }
  }
  if (!changed) return;
  const headers = new Headers(c.res.headers);
  headers.delete('Content-Length');
  headers.set('Content-Language', locale);
  c.res = new Response(JSON.stringify(body), { status: c.res.status, statusText: c.res.statusText, headers });
};
