import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * One rule for every write (issue 60): what follows a change (search rows rewritten, cache tags named) is written by
 * the command that makes the change, in its transaction (src/server/changes.ts), never by the repositories' binding.
 * A ratchet: the count may only go down (it was 11 at the code review of c9a6757, 8 at decision 0027), and is 0 now.
 */
const BINDING = 'src/server/db/kysely/repositories.ts';

describe('the repositories\' binding', () => {
  it('writes no invalidation and no reindex of its own', () => {
    const lines = readFileSync(BINDING, 'utf8').split('\n');
    // The cache repository's own method (`invalidate: (tags) => …`) stores what a command names: it is no side effect.
    const sideEffects = lines.filter((line) => /cache\.invalidate\(|reindex|invalidate\(/i.test(line) && !/^\s*invalidate: \(tags\) => /.test(line));
    expect(sideEffects).toEqual([]);
  });
});
