import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError, invalid } from '../errors.ts';

/** Largest JSON body the API accepts; search bodies are a few hundred bytes. */
export const MAX_JSON_BYTES = 64 * 1024;


/**
 * Refuses a body past `maxBytes` as it streams in (Content-Length first, then counted bytes), with
 * the spec's 413 error body; nothing is read whole before the check.
 */
export function limitBody(maxBytes = MAX_JSON_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError('request_too_large', undefined, { field: '_' });
    },
  });
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;


/** The request's JSON text, parsed: a 415 unless it is declared application/json, a 422 when it does not parse. */
async function parsedJson(c: Context): Promise<unknown> {
  if (!JSON_TYPE.test(c.req.header('Content-Type') ?? '')) throw new AppError('send_json', undefined, { field: '_' });
  const text = await c.req.text();
  try {
    return JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw invalid('_', 'send_fields_json');
  }
}

/**
 * The request's JSON body, an object of fields (an empty body is `{}`): a 415 unless it is declared application/json,
 * a 422 when it does not parse or is not an object: `null`, an array, a string, a number or a boolean never reaches a
 * route (probe finding 12). Spec §8 error shape.
 */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body = await parsedJson(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('_', 'send_fields_json_object');
  return body as Record<string, unknown>;
}

/** The request's JSON body as sent, for the one route whose body is an array (POST analytics, spec §7). */
export const jsonValue = parsedJson;
