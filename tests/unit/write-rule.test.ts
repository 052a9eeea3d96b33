import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One rule for every write (issue 60): what follows a change (search rows rewritten, cache tags named) is written by
 * the command that makes the change, in its transaction (src/server/changes.ts), never by a repository on its own. A
 * ratchet: the count may only go down (it was 11 at the code review of c9a6757, 8 at decision 0027), and is 0 now.
 * Since the binding became classes (issue 61), every repository class of the query layer is read.
 */
const DIR = 'src/server/db/kysely';
/** The methods that store what a command names: the cache's tags, and the search rows of the ads it names. */
const STORES_WHAT_IS_NAMED = new Set(['KyselyCacheRepository.invalidate', 'KyselyListingRepository.reindex']);

function sideEffects(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, where: string) => {
    let inside = where;
    if (ts.isClassDeclaration(node) && node.name) inside = node.name.text;
    else if (ts.isMethodDeclaration(node)) inside = `${where}.${node.name.getText(source)}`;
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : node.expression.getText(source);
      if (/^(invalidate|reindexPosts|reindexPostRange)$/.test(callee) && !STORES_WHAT_IS_NAMED.has(inside)) found.push(`${file}: ${inside || '(module)'} calls ${callee}`);
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, '');
  return found;
}

describe('the repositories of the query layer', () => {
  it('write no invalidation and no reindex of their own', () => {
    const files = readdirSync(DIR).filter((name) => name.endsWith('.ts')).map((name) => join(DIR, name));
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(sideEffects)).toEqual([]);
  });
});
