/** Adobe's structured-data validator (Schema.org and Google's rich-result rules) over a page's JSON-LD, as a crawler reads it. */
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';

export interface StructuredDataIssue {
  severity: 'ERROR' | 'WARNING';
  rootType: string;
  issueMessage: string;
}

/** The validator's issues for the JSON-LD of a page (the `<script type="application/ld+json">` text, or a whole HTML page). */
export async function structuredDataIssues(jsonLdOrHtml: string): Promise<StructuredDataIssue[]> {
  const html = jsonLdOrHtml.trimStart().startsWith('<') ? jsonLdOrHtml
    : `<!doctype html><html><head><script type="application/ld+json">${jsonLdOrHtml}</script></head><body></body></html>`;
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
  return (await new Validator().validate(extracted)) as StructuredDataIssue[];
}
