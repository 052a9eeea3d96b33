/**
 * Errors as codes (issue 63): every error code and every message key the code says has words in all three
 * catalogues, and an error's status, code and message come from its code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, FieldProblems, invalid, parseInput } from '../../src/server/errors.ts';
import { ERROR_STATUS, type ErrorCode } from '../../src/server/error-codes.ts';
import { sayIn } from '../../src/server/say-in.ts';
import { LOCALES } from '../../src/shared/locale.ts';
import { ENQUIRY_SCHEMAS } from '../../src/shared/schemas/enquiries.ts';

const root = join(import.meta.dirname, '..', '..');
const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(root, 'messages', `${locale}.json`), 'utf8')) as Record<string, unknown>]));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'paraglide' ? [] : sources(path);
    return /\.(ts|tsx|astro)$/.test(name) ? [path] : [];
  });
}

describe('error codes and message keys', () => {
  it('gives every error code a message in all three catalogues', () => {
    const codes = Object.keys(ERROR_STATUS);
    expect(codes.length).toBeGreaterThan(200);
    for (const locale of LOCALES) {
      expect(codes.filter((code) => !catalogues[locale]![`api_${code}`]), locale).toEqual([]);
    }
  });

  it('gives every message key the code names (say, fieldWord, word) words in all three catalogues', () => {
    const keys = new Set<string>();
    for (const file of sources(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/\bsay\('([a-z0-9_]+)'/g)) keys.add(key!);
      for (const [, key] of text.matchAll(/\bword\('([a-z0-9_]+)'\)/g)) keys.add(key!);
      for (const [, label] of text.matchAll(/\b(?:fieldWord|required|requiredLine|optionalLine|optionalText|longText|numberField|dayField|ringgitAmount|IdField|OptionalId|optionalId|Flag)\('([^']+)'/g)) {
        keys.add(`field_${label!.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`);
      }
    }
    expect(keys.size).toBeGreaterThan(150);
    for (const locale of LOCALES) {
      expect([...keys].filter((key) => typeof catalogues[locale]![key] !== 'string' && !Array.isArray(catalogues[locale]![key])), locale).toEqual([]);
    }
  });

  it('derives the status from the code and words the message in the caller’s language where it leaves', () => {
    const error = new AppError('conversation_per_minute', { count: 20 });
    expect(error.status).toBe(429);
    expect(error.message).toBe('You can send 20 messages a minute. Wait a moment.');
    expect(sayIn(error.said, 'ms')).toBe('Anda boleh menghantar 20 mesej seminit. Tunggu sebentar.');
    const field = invalid('email', 'email_taken');
    expect([field.status, field.code]).toEqual([422, 'email_taken']);
    expect(sayIn(field.errors!.email![0]!, 'zh')).toBe('该电子邮件已被使用。');
    const statuses = new Set(Object.values(ERROR_STATUS));
    expect([...statuses].every((status) => status >= 400 && status < 600)).toBe(true);
  });

  it('gathers every field’s problem, each said, into one 422 whose message is the first', () => {
    const problems = new FieldProblems();
    problems.add('images', 'plan_allows_at_most_images', { plan: 'FREE', count: 1 });
    problems.add('videos', 'plan_allows_no_videos', { plan: 'FREE' });
    let thrown: AppError | undefined;
    try {
      problems.throwIfAny();
    } catch (error) {
      thrown = error as AppError;
    }
    expect(thrown?.code satisfies ErrorCode | undefined).toBe('invalid');
    expect(sayIn(thrown!.said, 'en')).toBe('The FREE plan allows at most 1 photo.');
    expect(sayIn(thrown!.errors!.videos![0]!, 'ms')).toBe('Pelan FREE tidak membenarkan video.');
  });

  it('answers a schema’s problems with its own said messages', () => {
    try {
      parseInput(ENQUIRY_SCHEMAS.buysell, { id: 1, name: 'A', phone_number: '0123456789', qty: 1, offered_price: -1, deal_method: 'cod' });
      expect.unreachable();
    } catch (error) {
      const { errors } = error as AppError;
      expect(sayIn(errors!.offered_price![0]!, 'en')).toBe('The offered price must be at least 0.');
      expect(sayIn(errors!.offered_price![0]!, 'zh')).not.toMatch(/offered price/);
    }
  });
});
