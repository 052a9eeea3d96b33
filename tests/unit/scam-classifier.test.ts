/**
 * The labelled scam set, its split and the classifier (issue 64). The set's figures on its test split are printed by
 * `npm run bench:scams`; here they guard against a change that loses what the committed model holds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inTestSplit, outsideSet, scamSet } from '../../scripts/scams/scam-set.ts';
import { trainedModelText } from '../../scripts/scams/train.ts';
import { MODEL_FILE } from '../../src/server/safety/scam-classifier.ts';
import { scanForScams } from '../../src/server/safety/scams.ts';
import { SCAM_CLASSES } from '../../src/shared/scam-rules.ts';

const { train, test } = scamSet();
const all = [...train, ...test];

describe('the labelled scam set (issue 64)', () => {
  it('holds 600+ messages: 300+ scams of every class, 300+ ordinary of which 120+ talk honestly of money, codes, deposits, delivery or links', () => {
    expect(all.length).toBeGreaterThanOrEqual(600);
    const scams = all.filter((message) => message.label !== 'ordinary');
    expect(scams.length).toBeGreaterThanOrEqual(300);
    for (const id of SCAM_CLASSES) expect(scams.filter((message) => message.label === id).length, id).toBeGreaterThanOrEqual(20);
    expect(scams.every((message) => (SCAM_CLASSES as readonly string[]).includes(message.label))).toBe(true);
    const ordinary = all.filter((message) => message.label === 'ordinary');
    expect(ordinary.length).toBeGreaterThanOrEqual(300);
    expect(ordinary.filter((message) => message.about).length).toBeGreaterThanOrEqual(120);
    for (const lang of ['en', 'ms', 'zh', 'manglish', 'mixed']) {
      expect(all.some((message) => message.lang === lang && message.label !== 'ordinary'), lang).toBe(true);
      expect(all.some((message) => message.lang === lang && message.label === 'ordinary'), lang).toBe(true);
    }
    expect(new Set(all.map((message) => message.text)).size).toBe(all.length);
  });

  it('splits by a hash of the text, a fixed quarter for the test split, and keeps the outside set out of both', () => {
    expect(test.every((message) => inTestSplit(message.text)) && train.every((message) => !inTestSplit(message.text))).toBe(true);
    expect(test).toHaveLength(155);
    const texts = new Set(all.map((message) => message.text));
    expect(outsideSet().filter((message) => texts.has(message.text))).toEqual([]);
  });
});

describe('the scam classifier (issue 64)', () => {
  it('is what the fixtures train: retraining writes the committed file byte for byte', () => {
    expect(trainedModelText().text).toBe(readFileSync(MODEL_FILE, 'utf8'));
  });

  it('warns of at least 85% of the test split\'s scams and at most 2% of its ordinary messages (bench:scams prints the figures)', () => {
    const scams = test.filter((message) => message.label !== 'ordinary');
    const ordinary = test.filter((message) => message.label === 'ordinary');
    const warned = scams.filter((message) => scanForScams(message.text).length > 0).length;
    const alarms = ordinary.filter((message) => scanForScams(message.text).length > 0).length;
    expect(warned / scams.length).toBeGreaterThanOrEqual(0.85);
    expect(alarms / ordinary.length).toBeLessThanOrEqual(0.02);
  });

  it('names a class no rule names (an investment), and leaves an ordinary question alone', () => {
    expect(scanForScams('Guaranteed 40% profit every month if you invest RM3,000 with my trading group')).toEqual(['investment']);
    expect(scanForScams('Hi, is the sofa still available? Can I see it on Saturday?')).toEqual([]);
  });
});
