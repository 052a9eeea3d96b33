import type { Context } from 'hono';
import { AppError } from '../errors.ts';

/** Largest JSON body the read API accepts; search bodies are a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;

/** The request's JSON body, or a 422 when it is missing, too large or not JSON (spec §8 error shape). */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw new AppError(422, 'The request is too large.', { _: ['The request is too large.'] });
  try {
    return JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw new AppError(422, 'Send the fields as JSON.', { _: ['Send the fields as JSON.'] });
  }
}
