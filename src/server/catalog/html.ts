import sanitizeHtml from 'sanitize-html';
import { decodeHTML } from 'entities';

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

/** The text of (sanitised) rich HTML, for descriptions: tags become spaces, entities become characters. */
export function plainTextOf(html: string | null): string {
  return decodeHTML((html ?? '').replace(/<[^>]+>/g, ' '));
}
