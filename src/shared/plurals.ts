/** Counted words in English through Intl.PluralRules (issue 40): "1 category", "2 categories". */
const rules = new Intl.PluralRules('en-MY');

const IRREGULAR: Record<string, string> = { category: 'categories', PDF: 'PDFs', business: 'businesses', branch: 'branches' };

/** A word's plural: "categories", "PDFs", "photos". */
const pluralOf = (word: string) => IRREGULAR[word] ?? `${word}s`;

/** "1 photo", "3 photos", "0 categories". */
export function counted(count: number, word: string): string {
  return `${count} ${rules.select(count) === 'one' ? word : pluralOf(word)}`;
}
