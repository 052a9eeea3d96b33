/**
 * What a message is warned of (issues 44 and 64): the rules' classes when a rule fires (their words are precise),
 * else the class the classifier reads, else nothing. The warning is the class's, in the reader's language. Scanning
 * never drops, delays or alters a message: it only labels it.
 */
import type { Locale } from '../../shared/locale.ts';
import { say, type MessageKey } from '../../shared/said.ts';
import { scanMessage, type ScamClass } from '../../shared/scam-rules.ts';
import { sayIn } from '../say-in.ts';
import { classifyMessage } from './scam-classifier.ts';

/** The scam classes a message is warned of, the rules' first; none for an ordinary message. */
export function scanForScams(text: string): ScamClass[] {
  const ruled = scanMessage(text);
  if (ruled.length > 0) return ruled;
  const read = classifyMessage(text);
  return read ? [read] : [];
}

/** The warning of a message's first class, in `locale`; null for an ordinary message. */
export function scamWarning(classes: readonly ScamClass[], locale: Locale): string | null {
  const first = classes[0];
  return first ? sayIn(say(`scam_warning_${first.replaceAll('-', '_')}` as MessageKey), locale) : null;
}
