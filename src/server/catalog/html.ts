import sanitizeHtml from 'sanitize-html';
import { decodeHTML } from 'entities';
import { asHtml, isRichText } from '../../shared/rich-text.ts';

/**
 * Rich text written by advertisers and editors (profile about, CMS pages) is cleaned before it
 * leaves the server: a small allow-list of formatting tags, http(s)/mailto/tel links only, no
 * scripts, styles or event handlers.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span'],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
  });
}

/**
 * A long text as its page shows it (issue 40): rich HTML sanitized, plain text as paragraphs with its line breaks.
 * Every long text goes through here, so a paragraph break typed in either survives to the public page.
 */
export function richTextHtml(value: string): string {
  return sanitizeRichText(asHtml(value));
}

/** What is stored of a long text: HTML sanitized by the one allow-list; plain text as it was typed. */
export function storedLongText(value: string): string {
  return isRichText(value) ? sanitizeRichText(value) : value;
}

/** The text of (sanitised) rich HTML, for descriptions: tags become spaces, entities become characters. */
export function plainTextOf(html: string | null): string {
  return decodeHTML((html ?? '').replace(/<[^>]+>/g, ' '));
}
