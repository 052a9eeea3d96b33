/**
 * `npm run bench:scams` (issue 64): how the scam warnings (the rules, then the classifier: src/server/safety/scams.ts)
 * fare on the test split of tests/fixtures/scams/labelled.jsonl, which training never reads. Goal: at least 90% of
 * scams warned and at most 2% of ordinary messages, overall; per language and per class with their counts (reported,
 * not gated); and the outside set (the probe's misses) on its own line. A scam counts as warned whatever class it is
 * warned of; the class figures also say how often the class named was its own.
 */
import { scanForScams } from '../src/server/safety/scams.ts';
import { outsideSet, scamSet, type LabelledMessage } from './scams/scam-set.ts';

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);

interface Tally { scams: number; warned: number; ownClass: number; ordinary: number; alarms: number }
const empty = (): Tally => ({ scams: 0, warned: 0, ownClass: 0, ordinary: 0, alarms: 0 });

function tally(messages: readonly LabelledMessage[], key: (message: LabelledMessage) => string): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const message of messages) {
    const classes: string[] = scanForScams(message.text);
    for (const name of ['all', key(message)]) {
      const row = out.get(name) ?? empty();
      if (message.label === 'ordinary') {
        row.ordinary++;
        if (classes.length > 0) row.alarms++;
      } else {
        row.scams++;
        if (classes.length > 0) row.warned++;
        if (classes.includes(message.label)) row.ownClass++;
      }
      out.set(name, row);
    }
  }
  return out;
}

const line = (name: string, row: Tally) => `${name.padEnd(24)} scams ${String(row.scams).padStart(3)}: ${percent(row.warned, row.scams).padStart(6)} warned (${percent(row.ownClass, row.scams)} as their own class)`
  + (row.ordinary > 0 ? `; ordinary ${String(row.ordinary).padStart(3)}: ${percent(row.alarms, row.ordinary).padStart(5)} warned` : '');

const { test } = scamSet();
const byLanguage = tally(test, (message) => message.lang);
const all = byLanguage.get('all')!;
console.log(`test split: ${test.length} messages (never trained on)`);
console.log(line('overall', all));
for (const [name, row] of [...byLanguage].filter(([name]) => name !== 'all').sort()) console.log(line(`  ${name}`, row));
for (const [name, row] of [...tally(test, (message) => message.label)].filter(([name]) => name !== 'all' && name !== 'ordinary').sort()) console.log(line(`  ${name}`, row));
const outside = tally(outsideSet(), () => 'outside').get('all')!;
console.log(`outside set (probe finding 5, never trained on): ${outside.warned} of ${outside.scams} scams warned (${percent(outside.warned, outside.scams)})`);
const met = all.warned / all.scams >= 0.9 && all.alarms / all.ordinary <= 0.02;
console.log(`goal (≥ 90% of scams warned, ≤ 2% of ordinary messages): ${met ? 'met' : 'NOT met'}`);
