import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES, editorMessage } from '../../src/islands/advertiser/form-words.ts';
import { NewPostSchema } from '../../src/shared/schemas/advertiser.ts';
import { fieldErrors } from '../../src/shared/schemas/field-errors.ts';

/**
 * The advertiser editors word their schemas' own checks in the browser (issue 63): every key and field name the
 * schemas can say is in the editors' list, so no owner reads 'form_field_required {…}'.
 */
const root = join(import.meta.dirname, '..', '..');
const sources = ['src/shared/schemas/advertiser.ts', 'src/shared/schemas/text.ts', 'src/shared/profile-body.ts'].map((path) => readFileSync(join(root, path), 'utf8')).join('\n');

describe('the advertiser editors\' messages', () => {
  it('hold every key and field name the editors\' schemas say', () => {
    const keys = [...sources.matchAll(/(?:say|word)\('([a-z_0-9]+)'/g)].map((match) => match[1]!);
    const fields = [...sources.matchAll(/(?:requiredLine|optionalLine|ringgitAmount|longText|fieldWord)\('([^']+)'/g)]
      .map((match) => `field_${match[1]!.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`);
    expect(keys.length).toBeGreaterThan(40);
    expect([...new Set([...keys, ...fields])].filter((key) => !(key in EDITOR_MESSAGES))).toEqual([]);
  });

  it('word a check of the ad editor, and leave the server\'s own words as they are', () => {
    const found = fieldErrors(NewPostSchema, { type: 'services', title: '', categories: [] }) ?? {};
    const title = found.title?.[0];
    expect(title).toMatch(/^form_/);
    expect(editorMessage(title!)).toBe('The title field is required.');
    expect(editorMessage('The title has already been taken.')).toBe('The title has already been taken.');
  });
});
