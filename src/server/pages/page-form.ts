/**
 * What the pages that take their own form's POST (they work without JavaScript: the contact, appeal and save-search
 * pages) share before their service runs: the form's content type (415) and a size cap read as the body streams (413),
 * answered in plain text, never cached.
 */
import { BodyTooLarge, readLimitedText } from '../http.ts';

/** A page's refusal in plain text (415, 413, 419), never cached. */
export function plainAnswer(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** The urlencoded form a page's POST carries, or the answer that refuses it. */
export async function readPageForm(request: Request, maxBytes: number): Promise<URLSearchParams | Response> {
  if (!/^application\/x-www-form-urlencoded\b/.test(request.headers.get('Content-Type') ?? '')) {
    return plainAnswer(415, 'Send the form as application/x-www-form-urlencoded.');
  }
  try {
    return new URLSearchParams(await readLimitedText(request, maxBytes));
  } catch (error) {
    if (error instanceof BodyTooLarge) return plainAnswer(413, 'The form is too large.');
    throw error;
  }
}
