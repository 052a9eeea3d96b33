import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { scaled } from '../helpers/time-factor.ts';

const options = { context: process.cwd(), tsconfig: 'tsconfig.json', skipDynamicImports: true } as const;

describe('the composition root', () => {
  it('is in no import cycle: it builds things, and nothing imports it back except as a type (issue 23)', async () => {
    // Type-only imports are dropped (transform), as the compiled code drops them.
    const tree = await parseDependencyTree(['src/server/app-context.ts', 'src/middleware.ts', 'src/server/serve.ts', 'scripts/jobs.ts'], { ...options, transform: true });
    expect(Object.keys(tree).length).toBeGreaterThan(50);
    const throughRoot = parseCircular(tree, true).filter((cycle) => cycle.some((file) => file.endsWith('app-context.ts')));
    expect(throughRoot).toEqual([]);
    // Parsing the whole import tree is CPU work: 1.7 s alone, over 5 s beside two busy processes.
  }, scaled(30_000));
});

/** The supply side (issue 39): an ad's life, billing, and the two sides that act on them. */
const SUPPLY = ['listings', 'billing', 'advertiser', 'operator'] as const;
const folderOf = (file: string) => /^src\/server\/([^/]+)\//.exec(file)?.[1];

describe('the server\'s imports (issue 39)', async () => {
  // Type imports included: a cycle of types is still two modules that cannot be read apart.
  const tree = await parseDependencyTree(['src/server/**/*.ts'], { ...options, transform: false });
  const edges = Object.entries(tree).flatMap(([from, dependencies]) => (dependencies ?? []).flatMap((dependency) => (dependency.id ? [{ from, to: dependency.id }] : [])));

  it('has no cycle anywhere in src/server, type imports included', () => {
    expect(Object.keys(tree).length).toBeGreaterThan(200);
    expect(parseCircular(tree, true)).toEqual([]);
  });

  it('keeps the supply side off the composition root, and its folders apart but for their public index', () => {
    const crossings = edges.filter(({ from, to }) => {
      const source = folderOf(from);
      if (!(SUPPLY as readonly string[]).includes(source ?? '')) return false;
      if (to === 'src/server/app-context.ts') return true;
      const target = folderOf(to);
      return target !== source && (SUPPLY as readonly string[]).includes(target ?? '') && !to.endsWith(`/${target}/index.ts`);
    });
    expect(crossings).toEqual([]);
    // The listings core knows nothing of the app: it is given what it needs (listings/deps.ts).
    expect(edges.filter(({ from, to }) => folderOf(from) === 'listings' && to === 'src/server/app-types.ts')).toEqual([]);
    // Nor do the conversations and the trust signals (issue 60): they take ConversationDeps and TrustDeps.
    expect(edges.filter(({ from, to }) => ['conversations', 'trust'].includes(folderOf(from) ?? '') && to === 'src/server/app-types.ts')).toEqual([]);
    // The seam imports no domain and nothing of its implementation (issue 61): it declares each repository's interface,
    // and the row shapes live beside it (rows.ts, conversation-rows.ts, trust-rows.ts).
    const seam = edges.filter(({ from }) => from === 'src/server/db/repositories.ts').map(({ to }) => to);
    expect(seam.filter((to) => !to.startsWith('src/server/db/') && !to.startsWith('src/shared/'))).toEqual([]);
    expect(seam.filter((to) => to.startsWith('src/server/db/kysely/'))).toEqual([]);
    // The engine below the search rules (issue 61): the database layer reaches only search/engine/ (the index it
    // implements, the filter, words and facet columns); the engine reaches neither the rules nor the database; the rules
    // reach only the seam's interfaces, as every domain does.
    const engine = (file: string) => file.startsWith('src/server/search/engine/');
    expect(edges.filter(({ from, to }) => folderOf(from) === 'db' && folderOf(to) === 'search' && !engine(to))).toEqual([]);
    expect(edges.filter(({ from, to }) => engine(from) && (folderOf(to) === 'db' || (folderOf(to) === 'search' && !engine(to))))).toEqual([]);
    expect(edges.filter(({ from, to }) => folderOf(from) === 'search' && !engine(from) && folderOf(to) === 'db' && to !== 'src/server/db/repositories.ts')).toEqual([]);
    // The database layer reaches no domain above it: the search engine answers through its port (search/engine/search-engine.ts).
    expect(edges.filter(({ from, to }) => folderOf(from) === 'db' && ['catalog', 'conversations', 'listings', 'advertiser', 'operator', 'trust', 'moderation', 'engagement', 'billing'].includes(folderOf(to) ?? ''))).toEqual([]);
    // Billing reaches no gateway's file and no advertiser code: the composition root gives it providers and fulfilment.
    // The gateways (Billplz and the checkout page it shares with the sandbox checkout) may use one another.
    const gateway = (file: string) => /billing\/(billplz|checkout-page)\.ts$/.test(file);
    expect(edges.filter(({ from, to }) => folderOf(from) === 'billing' && !gateway(from) && (gateway(to) || folderOf(to) === 'advertiser'))).toEqual([]);
    expect(edges.filter(({ from, to }) => folderOf(from) === 'operator' && folderOf(to) === 'advertiser')).toEqual([]);
  });

  it('loads the development doubles only when one is on: nothing outside development/ imports them but as a type', async () => {
    // The composition root's dynamic import is left out of this tree (skipDynamicImports); type imports are dropped.
    const values = await parseDependencyTree(['src/**/*.{ts,tsx}', 'src/**/*.astro'], { ...options, transform: true });
    const into = Object.entries(values).flatMap(([from, dependencies]) => (dependencies ?? [])
      .filter((dependency) => dependency.id?.startsWith('src/server/development/') && !from.startsWith('src/server/development/'))
      .map((dependency) => `${from} → ${dependency.id}`));
    expect(Object.keys(values)).toContain('src/server/development/index.ts');
    expect(into).toEqual([]);
  }, scaled(30_000));
});
