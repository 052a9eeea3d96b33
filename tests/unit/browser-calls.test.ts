import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
  .flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : /\.(ts|tsx|astro)$/.test(entry.name) ? [join(dir, entry.name)] : []));

describe('the browser’s API calls (issue 23)', () => {
  it('go through the typed functions of src/client/calls.ts (and advertiser-calls.ts, operator-calls.ts, map-calls.ts, conversation-calls.ts): no island casts an answer or names a path itself', () => {
    const modules = ['calls.ts', 'advertiser-calls.ts', 'operator-calls.ts', 'map-calls.ts', 'conversation-calls.ts'].map((file) => join('src', 'client', file));
    const offenders = sources('src').filter((file) => !modules.includes(file) && !file.startsWith(join('src', 'server')))
      .filter((file) => /\.json<|\bapi\.(get|post|put|patch|delete)\(/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('load no schema with them: calls.ts imports schemas as types only', () => {
    const text = readFileSync(join('src', 'client', 'calls.ts'), 'utf8');
    const valueImports = [...text.matchAll(/^import (?!type )[^;]+ from '([^']+)';$/gm)].map((match) => match[1]);
    expect(valueImports).toEqual(['../shared/enquiries.ts', './api.ts']);
    const advertiser = readFileSync(join('src', 'client', 'advertiser-calls.ts'), 'utf8');
    expect([...advertiser.matchAll(/^import (?!type )[^;]+ from '([^']+)';$/gm)].map((match) => match[1])).toEqual(['./api.ts']);
  });

  it('are sent by forms that check them with the shared schemas, never a pattern of their own', () => {
    const patterns = sources(join('src', 'islands')).filter((file) => /\.test\(|new RegExp/.test(readFileSync(file, 'utf8')));
    expect(patterns).toEqual([]);
  });
});
