/**
 * The labelled scam set (issue 64) and its fixed split: `tests/fixtures/scams/labelled.jsonl` (at least 600 messages,
 * each with its class and language) and `outside.jsonl` (the misses listed in finding 5 of
 * ../shared/reviews/probe-security-c9a6757.md, an outside set that is only measured). A message is in the test split
 * when the first four bytes of the SHA-256 of its text, as a number, are divisible by 4: about a quarter, fixed by the
 * text alone, so adding messages never moves another one between the splits. Training never reads the test split.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/server/project-root.ts';

export type ScamSetLanguage = 'en' | 'ms' | 'zh' | 'manglish' | 'mixed';

export interface LabelledMessage {
  lang: ScamSetLanguage;
  /** A scam's class, or 'ordinary'. */
  label: string;
  /** An ordinary message that talks honestly about money, codes, deposits, delivery or links. */
  about?: 'money' | 'code' | 'deposit' | 'delivery' | 'link';
  text: string;
}

const FIXTURES = join(projectRoot, 'tests/fixtures/scams');

function readJsonLines(file: string): LabelledMessage[] {
  return readFileSync(join(FIXTURES, file), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LabelledMessage);
}

/** True when the message belongs to the test split (never trained or tuned on). */
export function inTestSplit(text: string): boolean {
  return createHash('sha256').update(text).digest().readUInt32BE(0) % 4 === 0;
}

/** The labelled set, split. */
export function scamSet(): { train: LabelledMessage[]; test: LabelledMessage[] } {
  const all = readJsonLines('labelled.jsonl');
  return { train: all.filter((message) => !inTestSplit(message.text)), test: all.filter((message) => inTestSplit(message.text)) };
}

/** The outside set: scams an outside probe wrote, every one a scam; measured apart, never trained on. */
export function outsideSet(): LabelledMessage[] {
  return readJsonLines('outside.jsonl');
}
