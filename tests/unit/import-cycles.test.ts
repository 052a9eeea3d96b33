import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

describe('the composition root', () => {
  it('is in no import cycle: it builds things, and nothing imports it back except as a type (issue 23)', async () => {
    // Type-only imports are dropped (transform), as the compiled code drops them.
    const tree = await parseDependencyTree(['src/server/app-context.ts', 'src/middleware.ts', 'src/server/serve.ts', 'scripts/jobs.ts'], {
      context: process.cwd(), transform: true, tsconfig: 'tsconfig.json', skipDynamicImports: true,
    });
    expect(Object.keys(tree).length).toBeGreaterThan(50);
    const throughRoot = parseCircular(tree, true).filter((cycle) => cycle.some((file) => file.endsWith('app-context.ts')));
    expect(throughRoot).toEqual([]);
  });
});
