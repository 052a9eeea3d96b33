/**
 * What a search that finds nothing offers instead (issue 63), never an empty page without a way on:
 * - the categories of its type whose name in any of the three languages is close to the words (character trigrams:
 *   'plumbr', 'tusyen' and 'aircon servis' reach Plumbing, Tuisyen Rumah and Servis dan Baiki Aircond);
 * - the words with each one the site does not know corrected to the closest of its own words (edit distance over the
 *   category names, the glossary's synonyms and the most used titles and business names of the type), offered only
 *   when they find listings.
 * The page adds the way back: the same search without the words, or the type's whole list.
 */
import { distance } from 'fastest-levenshtein';
import type { ListingType } from '../../shared/constants.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import type { SearchQuery } from '../../shared/search.ts';
import type { NoResultsHelp } from '../../shared/search-page.ts';
import type { AppContext } from '../app-types.ts';
import { GLOSSARY } from '../catalog/glossary.ts';
import { getSpecializationsByType } from '../catalog/home.ts';

/** How many categories are offered. */
const MAX_CATEGORIES = 3;
/** How many suggestion labels (titles, businesses, categories) of a type make its vocabulary. */
const VOCABULARY_LABELS = 20_000;
/** How long a type's vocabulary is kept before it is read again. */
const VOCABULARY_TTL_MS = 10 * 60_000;
/** A category is close when its name holds this share of the words' trigrams… */
const MIN_COVERAGE = 0.6;
/** …and the two are this alike (Dice's coefficient of their trigrams). */
const MIN_LIKENESS = 0.3;

const WORD = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{N}])+)/gu;

function wordsOf(text: string): string[] {
  return [...text.normalize('NFKC').toLowerCase().matchAll(WORD)].map((match) => match[0]);
}

/** A text's grams: a Latin word's trigrams with its edges marked, a Han run's characters and pairs. */
function gramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of wordsOf(text)) {
    if (/\p{Script=Han}/u.test(word)) {
      const characters = [...word];
      characters.forEach((character, index) => {
        grams.add(character);
        if (index > 0) grams.add(characters[index - 1] + character);
      });
    } else {
      const padded = ` ${word} `;
      for (let index = 0; index + 3 <= padded.length; index++) grams.add(padded.slice(index, index + 3));
    }
  }
  return grams;
}

/** How close a category's name is to the words: 0 when not close, else Dice's coefficient of their grams. */
function closeness(words: ReadonlySet<string>, name: ReadonlySet<string>): number {
  if (words.size === 0 || name.size === 0) return 0;
  let shared = 0;
  for (const gram of words) if (name.has(gram)) shared += 1;
  const likeness = (2 * shared) / (words.size + name.size);
  return shared / words.size >= MIN_COVERAGE && likeness >= MIN_LIKENESS ? likeness : 0;
}

interface Vocabulary {
  readAt: number;
  /** Each Latin word of three letters or more, by how many labels hold it. */
  words: Map<string, number>;
}

const vocabularies = new WeakMap<AppContext, Map<ListingType, Promise<Vocabulary>>>();

/**
 * The words of a type's category names in every language, of the glossary's synonyms and of the type's most used
 * suggestion labels, read again after ten minutes.
 */
function vocabularyOf(app: AppContext, type: ListingType): Promise<Vocabulary> {
  let byType = vocabularies.get(app);
  if (!byType) vocabularies.set(app, byType = new Map());
  const kept = byType.get(type);
  const now = app.clock.now();
  if (kept) return kept.then((vocabulary) => (now - vocabulary.readAt < VOCABULARY_TTL_MS ? vocabulary : readVocabulary(app, type, byType)));
  return readVocabulary(app, type, byType);
}

function readVocabulary(app: AppContext, type: ListingType, byType: Map<ListingType, Promise<Vocabulary>>): Promise<Vocabulary> {
  const read = (async () => {
    const words = new Map<string, number>();
    const names = await Promise.all(LOCALES.map(async (locale) => (await getSpecializationsByType(app, { locale }))[type]
      .flatMap((category) => [category.name, ...category.child.map((child) => child.name)])));
    const synonyms = GLOSSARY.synonyms.flatMap((group) => [...group.en, ...group.ms]);
    const labels = [...names.flat(), ...synonyms, ...await app.repos.suggestions.findVocabulary(type, VOCABULARY_LABELS)];
    for (const label of labels) {
      for (const word of new Set(wordsOf(label))) if (word.length >= 3 && !/\p{Script=Han}|\d/u.test(word)) words.set(word, (words.get(word) ?? 0) + 1);
    }
    return { readAt: app.clock.now(), words };
  })();
  byType.set(type, read);
  read.catch(() => byType.delete(type));
  return read;
}

/** The word of the vocabulary closest to `word` (one edit for a word of up to five letters, two for a longer one), the most used on a tie. */
function correctionOf(word: string, vocabulary: Vocabulary): string | undefined {
  const most = word.length <= 5 ? 1 : 2;
  let best: { word: string; edits: number; uses: number } | undefined;
  for (const [known, uses] of vocabulary.words) {
    if (Math.abs(known.length - word.length) > most) continue;
    const edits = distance(word, known);
    if (edits <= most && (!best || edits < best.edits || (edits === best.edits && uses > best.uses))) best = { word: known, edits, uses };
  }
  return best?.word;
}

/**
 * What to offer on a page of `request` (a keyword search of `type` that found nothing), its names in `locale`. Reads
 * the vocabulary of the type (kept ten minutes) and, when a word was corrected, runs the corrected search once.
 */
export async function helpForNoResults(app: AppContext, type: ListingType, request: SearchQuery, locale: Locale): Promise<NoResultsHelp> {
  const search = request.search?.trim() ?? '';
  if (search === '') return { corrected: null, categories: [] };

  // Every category's names in the three languages, by its path (main, or main/sub).
  const namesByPath = new Map<string, string[]>();
  for (const lang of LOCALES) {
    for (const main of (await getSpecializationsByType(app, { locale: lang }))[type]) {
      const paths: [string, string][] = [[main.slug, main.name], ...main.child.map((child): [string, string] => [`${main.slug}/${child.slug}`, child.name])];
      for (const [path, name] of paths) namesByPath.set(path, [...(namesByPath.get(path) ?? []), name]);
    }
  }
  const grams = gramsOf(search);
  const scored: (NoResultsHelp['categories'][number] & { score: number })[] = [];
  for (const main of (await getSpecializationsByType(app, { locale }))[type]) {
    for (const candidate of [{ sub: null, name: main.name }, ...main.child.map((child) => ({ sub: child.slug, name: child.name }))]) {
      const names = namesByPath.get(candidate.sub ? `${main.slug}/${candidate.sub}` : main.slug) ?? [];
      const score = Math.max(0, ...names.map((name) => closeness(grams, gramsOf(name))));
      if (score > 0) scored.push({ name: candidate.name, main: main.slug, sub: candidate.sub, score });
    }
  }
  const categories = scored.sort((a, b) => b.score - a.score).slice(0, MAX_CATEGORIES).map(({ name, main, sub }) => ({ name, main, sub }));

  const vocabulary = await vocabularyOf(app, type);
  let changed = false;
  const words = wordsOf(search).map((word) => {
    if (word.length < 3 || /\p{Script=Han}|\d/u.test(word) || vocabulary.words.has(word)) return word;
    const correction = correctionOf(word, vocabulary);
    if (correction === undefined) return word;
    changed = true;
    return correction;
  });
  const corrected = changed ? words.join(' ') : null;
  const found = corrected !== null && (await app.search.search({ ...request, search: corrected, page: 1, limit: 1 })).total > 0;
  return { corrected: found ? corrected : null, categories };
}
