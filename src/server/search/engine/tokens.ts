/**
 * Search words in three languages (issue 42), the same for both backends: the application adds to each listing's
 * search document the words neither FTS5's `unicode61` nor PostgreSQL's `simple` parser makes, and reads a query the
 * same way, so both match alike.
 *
 * - A run of Han characters is one token to both parsers, so '补习' would never find '吉隆坡中文补习中心': the document
 *   gets every overlapping pair of the run, and a query's run is read as its pairs, all required.
 * - Malay words are matched by their stem too (Snowball's Indonesian algorithm): memperbaiki, pembaikan and dibaiki
 *   are all 'baik'. The document gets each word's stem beside the word; a query looks for the stem alone, which is
 *   in every document holding any word of that stem. Words the algorithm spoils (kedai → dai) are kept as written.
 * - Latin words are letters and digits, lower case, as the parsers split them.
 * - Words that mean the same across the languages (the glossary's synonyms, issue 63: jurujual · salesperson · 销售员):
 *   a document holding one of a group's phrases gets the words of all its phrases, so a query in any of them finds it.
 */
import { stemmer } from '@orama/stemmers/indonesian';
import { GLOSSARY } from '../../catalog/glossary.ts';

/** The most words a query keeps (after reading Han runs as pairs). */
const MAX_QUERY_WORDS = 12;

/**
 * Words the Indonesian stemmer over-stems in Malay (kedai → dai, kereta → reta, perabot → abot) or in place names
 * and common loanwords: they match as written only.
 */
const PROTECTED = new Set([
  'kedai', 'kereta', 'perabot', 'kenderaan', 'durian', 'terpakai', 'pekan', 'perak', 'perlis', 'pahang', 'kedah', 'melaka', 'selangor',
  'terengganu', 'kelantan', 'sabah', 'sarawak', 'pinang', 'penang', 'johor', 'putrajaya', 'labuan', 'kuala', 'lumpur', 'petaling', 'jaya',
  'perempuan', 'pelajar', 'peguam', 'perubatan', 'kelas', 'kerja', 'mesin', 'peti', 'beras', 'pakaian', 'makanan', 'minuman', 'tuisyen', 'pelan',
  'diesel', 'discount', 'design', 'designer', 'director', 'kitchen', 'tesla', 'perodua', 'proton', 'perfume', 'bedroom', 'penthouse', 'terrace',
]);

const WORD = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{N}])+)/gu;

/** The stem a word is matched by: its Indonesian stem, or itself (short, protected, or with digits). */
export function stemOf(word: string): string {
  if (word.length < 5 || PROTECTED.has(word) || /\d/.test(word)) return word;
  const stem = stemmer(word);
  return stem.length >= 3 ? stem : word;
}

/** Every overlapping pair of a Han run ('补习中心' → 补习, 习中, 中心); a lone character is itself. */
function hanPairs(run: string): string[] {
  const characters = [...run];
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, index) => characters[index] + character);
}

function words(text: string): IterableIterator<RegExpMatchArray> {
  return text.normalize('NFKC').toLowerCase().matchAll(WORD);
}

/**
 * What a listing's search document holds beyond its text: the pairs of its Han runs and the stems of its words that
 * differ from them, space-separated (each a token to both parsers). Empty when there is nothing to add.
 */
export function documentTerms(text: string): string {
  const terms = new Set<string>();
  const held = new Set<string>();
  for (const [, han, latin] of words(text)) {
    if (han) {
      for (const pair of hanPairs(han)) held.add(pair);
      if ([...han].length > 1) for (const pair of hanPairs(han)) terms.add(pair);
    } else if (latin) {
      const stem = stemOf(latin);
      held.add(stem);
      if (stem !== latin) terms.add(stem);
    }
  }
  for (const word of synonymsOf(held)) if (!held.has(word)) terms.add(word);
  return [...terms].join(' ');
}

/** Each synonym group as its phrases' query words, and by each word the groups a phrase of which holds it. */
const SYNONYMS = (() => {
  const groups = GLOSSARY.synonyms.map((group) => [...group.en, ...group.ms, ...group.zh].map(queryWords));
  const byWord = new Map<string, number[]>();
  groups.forEach((phrases, index) => {
    for (const word of phrases.flat()) byWord.set(word, [...new Set([...(byWord.get(word) ?? []), index])]);
  });
  return { groups, byWord };
})();

/** The words of every phrase of each synonym group one of whose phrases the document's words (`held`) hold whole. */
function synonymsOf(held: ReadonlySet<string>): Set<string> {
  const added = new Set<string>();
  const groups = new Set([...held].flatMap((word) => SYNONYMS.byWord.get(word) ?? []));
  for (const index of groups) {
    const phrases = SYNONYMS.groups[index]!;
    if (phrases.some((phrase) => phrase.every((word) => held.has(word)))) for (const word of phrases.flat()) added.add(word);
  }
  return added;
}

/**
 * The words a query matches on, in order: a Han run as its pairs, a Latin word as its stem; at most 12, every one
 * required. The last may match as a prefix (the engines decide: 'aircon serv' finds 'Aircon Servicing').
 */
export function queryWords(search: string): string[] {
  const tokens: string[] = [];
  for (const [, han, latin] of words(search)) {
    if (han) tokens.push(...hanPairs(han));
    else if (latin) tokens.push(stemOf(latin));
  }
  return [...new Set(tokens)].slice(0, MAX_QUERY_WORDS);
}
