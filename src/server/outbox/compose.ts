/**
 * The product's mails in both parts: the same paragraphs (and, for notices, a list of labelled facts) as
 * plain text and as simple HTML with the product's name. Everything people typed is escaped in the
 * HTML part, so nothing in a mail can run or restyle it.
 */
import { escapeUTF8 } from 'entities';
import { SITE_NAME } from '../../shared/seo.ts';
import type { Mail } from './outbox.ts';
import { HTML_LANG, type Locale } from '../../shared/locale.ts';
import { readSaid } from '../../shared/said.ts';
import { sayIn } from '../say-in.ts';

/** A labelled value of a notice (an enquirer's phone, an offered price). */
export type MailFact = [label: string, value: string];

/**
 * A mail, written in `locale` (issue 42), the one builder of every mail (issue 63): its subject and paragraphs may be
 * said (shared/said.ts, a `mail_` or `api_` key and its parameters) and are worded here in `locale`, as are said fact labels; the
 * HTML part's `lang` and the Content-Language header name that language. What people typed goes in parameters and
 * fact values, never worded.
 */
export function composeMail(to: string, subject: string, paragraphs: string[], facts: MailFact[] = [], locale: Locale = 'en'): Mail {
  const own = (text: string) => (/^(mail|api)_/.test(readSaid(text)?.key ?? '') ? sayIn(text, locale) : text);
  const label = (text: string) => (readSaid(text) ? sayIn(text, locale) : text);
  const lines = paragraphs.map(own);
  const labelled = facts.map(([name, value]): MailFact => [label(name), value]);
  const factText = labelled.map(([name, value]) => `${name}: ${value}`).join('\n');
  const factHtml = labelled.length === 0 ? '' : `<table style="border-collapse:collapse">${labelled.map(([name, value]) =>
    `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeUTF8(name)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeUTF8(value)}</td></tr>`).join('')}</table>`;
  return {
    to,
    subject: `${own(subject)} | ${SITE_NAME}`,
    text: `${lines.join('\n\n')}${factText ? `\n\n${factText}` : ''}\n\n${SITE_NAME}\n`,
    html: `<!doctype html><html lang="${HTML_LANG[locale]}"><body style="font-family:sans-serif"><h1 style="font-size:18px">${escapeUTF8(SITE_NAME)}</h1>${
      lines.map((paragraph) => `<p>${escapeUTF8(paragraph)}</p>`).join('')}${factHtml}</body></html>`,
    headers: { 'Content-Language': locale },
  };
}
