/**
 * Long texts (a business's About, an ad's description, a job's requirements) are rich text (issue 40): paragraphs,
 * bold, italic, lists and links, stored as sanitized HTML. Older ones, and those sent by API clients, are plain text;
 * they read as paragraphs (a blank line between two) with their line breaks kept.
 */
const TAG = /<\/?[a-z][a-z0-9]*[\s/>]/i;

/** Whether a long text is HTML (it has a tag) rather than plain text. */
export const isRichText = (value: string) => TAG.test(value);

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as HTML paragraphs: blank lines part paragraphs, single line breaks stay. */
export function textToHtml(text: string): string {
  return text.split(/\r?\n\s*\r?\n/).map((block) => block.trim()).filter(Boolean)
    .map((block) => `<p>${escape(block).replace(/\r?\n/g, '<br>')}</p>`).join('');
}

/** A link typed into the editor as it is stored: http(s), mailto: and tel: kept, anything else made https://. */
export const linkHref = (typed: string) => (/^(https?:|mailto:|tel:)/i.test(typed) ? typed : `https://${typed}`);

/** A long text as HTML: as it is when it is HTML, as paragraphs when it is plain text. */
export const asHtml = (value: string) => (isRichText(value) ? value : textToHtml(value));
