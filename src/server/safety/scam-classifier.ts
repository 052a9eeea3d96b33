/**
 * The scam classifier beside the rules (issue 64): multinomial logistic regression over the character n-grams of a
 * message as the rules read it (`normaliseMessage`, digits as 0), which carry across English, Malay, Chinese and the
 * spellings people use. `npm run scams:train` fits it on the train split of `tests/fixtures/scams/labelled.jsonl`
 * (scripts/scams/train.ts, deterministic) and writes `models/scam-classifier.json`, which is committed and read once
 * when a process first scans a message. A message is a scam when the chance it is ordinary falls below the model's
 * threshold; its class is then the likeliest scam class.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseMessage, type ScamClass } from '../../shared/scam-rules.ts';
import { projectRoot } from '../project-root.ts';
import { conceptFeatures } from './scam-concepts.ts';

/** The label of a message that is no scam (the others are SCAM_CLASSES). */
export const ORDINARY = 'ordinary';

export interface ScamModel {
  /** The labels, 'ordinary' among them, in the order of each feature's weights. */
  labels: string[];
  /** The n-gram lengths read. */
  ngrams: [number, number];
  /** Each feature's weights, one per label (by feature, as `features` lists them). */
  features: string[];
  weights: number[][];
  bias: number[];
  /** A message is a scam when P(ordinary) is below this. */
  threshold: number;
}

export const MODEL_FILE = join(projectRoot, 'models/scam-classifier.json');

/** The character n-grams of a message (each once), as the model reads it. */
export function messageFeatures(text: string, [shortest, longest]: [number, number]): string[] {
  const normalised = normaliseMessage(text);
  const plain = ` ${normalised.replace(/\d/g, '0')} `;
  const chars = [...plain];
  const out = new Set<string>();
  for (let size = shortest; size <= longest; size++) {
    for (let at = 0; at + size <= chars.length; at++) {
      const gram = chars.slice(at, at + size).join('');
      // One Latin letter or a space says nothing; one Chinese character does (收, 款).
      if (size === 1 && !/[^\s\x20-\x7e]/.test(gram)) continue;
      out.add(gram);
    }
  }
  for (const concept of conceptFeatures(normalised)) out.add(concept);
  return [...out];
}

/**
 * The features of a message the model knows, each with its value: the n-grams and the concepts are two groups, each
 * weighing 1/√(its count), so a long message does not shout and its many n-grams do not drown its few concepts.
 */
export function presentFeatures(features: readonly string[], index: ReadonlyMap<string, number>): { at: number; value: number }[] {
  const known = features.map((feature) => ({ feature, at: index.get(feature) })).filter((item): item is { feature: string; at: number } => item.at !== undefined);
  const concepts = known.filter(({ feature }) => feature.startsWith('c:')).length;
  const grams = known.length - concepts;
  return known.map(({ feature, at }) => ({ at, value: 1 / Math.sqrt(feature.startsWith('c:') ? concepts : grams) }));
}

/** Softmax of the weighted sum of the features a message has. */
export function labelChances(model: ScamModel, index: ReadonlyMap<string, number>, text: string): number[] {
  const scores = model.bias.slice();
  for (const { at, value } of presentFeatures(messageFeatures(text, model.ngrams), index)) {
    const row = model.weights[at]!;
    for (let label = 0; label < scores.length; label++) scores[label]! += row[label]! * value;
  }
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
}

/** The scam class of a message by the model, or null when it reads as ordinary. */
function classify(model: ScamModel, index: ReadonlyMap<string, number>, text: string): ScamClass | null {
  const chances = labelChances(model, index, text);
  const ordinary = model.labels.indexOf(ORDINARY);
  if (chances[ordinary]! >= model.threshold) return null;
  let best = -1;
  chances.forEach((chance, label) => {
    if (label !== ordinary && (best === -1 || chance > chances[best]!)) best = label;
  });
  return model.labels[best] as ScamClass;
}

let loaded: { model: ScamModel; index: Map<string, number> } | undefined;

/** The committed model, read once. */
function committedModel() {
  if (!loaded) {
    const model = JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as ScamModel;
    loaded = { model, index: new Map(model.features.map((gram, at) => [gram, at])) };
  }
  return loaded;
}

/** The scam class the committed model reads in a message, or null. */
export function classifyMessage(text: string): ScamClass | null {
  const { model, index } = committedModel();
  return classify(model, index, text);
}
