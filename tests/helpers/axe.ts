import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page and returns the serious and critical violations (every violation with `all`), described. */
export async function seriousViolations(page: Page, options: { all?: boolean } = {}): Promise<string[]> {
  // Colours are judged once fade-ins are over (a half-faded heading is not a contrast problem).
  // Toasts are left out: they stay opaque until their fade 5 s later, then go.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime)
      && !((animation.effect as KeyframeEffect | null)?.target?.closest('[data-testid="toasts"]')))
    // An animation whose element goes (a toast fading out) rejects `finished`: it is over all the same.
    .map((animation) => animation.finished.catch(() => undefined))));
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy rightly refuses an injected inline script.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document);
    return result.violations;
  });
  return violations
    .filter((violation) => options.all || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
}
