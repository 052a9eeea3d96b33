import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as constants from '../../src/shared/constants.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx|astro)$/.test(entry) ? [path] : [];
  });
}

describe('spec §9 constants', () => {
  it('are each used somewhere outside shared/constants.ts (no dead constants)', () => {
    const text = sources('src').filter((path) => !path.endsWith(join('shared', 'constants.ts')))
      .concat(sources('scripts')).map((path) => readFileSync(path, 'utf8')).join('\n');
    const unused = Object.keys(constants).filter((name) => !new RegExp(`\\b${name}\\b`).test(text));
    expect(unused).toEqual([]);
  });
});
