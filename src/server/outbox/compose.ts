/**
 * The product's mails in both parts: the same paragraphs (and, for notices, a list of labelled facts) as
 * plain text and as simple HTML with the product's name. Everything people typed is escaped in the
 * HTML part, so nothing in a mail can run or restyle it.
 */
import { escapeUTF8 } from 'entities';
import { SITE_NAME } from '../../shared/seo.ts';
import type { Mail } from './outbox.ts';
import { HTML_LANG, type Locale } from '../../shared/locale.ts';

/** A labelled value of a notice (an enquirer's phone, an offered price). */
export type MailFact = [label: string, value: string];

/** A mail; `locale` (issue 42) is the language it is written in, named on its HTML part. */
export function composeMail(to: string, subject: string, paragraphs: string[], facts: MailFact[] = [], locale: Locale = 'en'): Mail {
  const factText = facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  const factHtml = facts.length === 0 ? '' : `<table style="border-collapse:collapse">${facts.map(([label, value]) =>
    `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeUTF8(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeUTF8(value)}</td></tr>`).join('')}</table>`;
  return {
    to,
    subject: `${subject} | ${SITE_NAME}`,
    text: `${paragraphs.join('\n\n')}${factText ? `\n\n${factText}` : ''}\n\n${SITE_NAME}\n`,
    html: `<!doctype html><html lang="${HTML_LANG[locale]}"><body style="font-family:sans-serif"><h1 style="font-size:18px">${escapeUTF8(SITE_NAME)}</h1>${
      paragraphs.map((paragraph) => `<p>${escapeUTF8(paragraph)}</p>`).join('')}${factHtml}</body></html>`,
  };
}
