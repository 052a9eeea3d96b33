/**
 * Text people type, made safe to store and show before it is validated: Unicode NFC, CR/LF made LF,
 * terminal escape sequences and control characters removed (newlines kept only in multi-line
 * fields), zero-width and bidirectional-control characters removed, then trimmed. A field of only
 * a NUL byte or zero-width spaces is therefore empty, and "required" fails as it should.
 */
import { z } from 'zod';

/* eslint-disable no-control-regex -- matching control characters is this module's whole purpose */

/** ANSI/VT escape sequences (colours, cursor moves) as a whole, before their ESC is dropped. */
const ESCAPE_SEQUENCES = /\u001B(?:\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])/g;
/** Invisible characters: zero-width, joiners, bidi controls and isolates, word joiner, BOM, soft hyphen. */
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;

/* eslint-enable no-control-regex */

export function normaliseText(value: string, multiline: boolean): string {
  const text = value.normalize('NFC').replace(/\r\n?/g, '\n').replace(ESCAPE_SEQUENCES, '').replace(INVISIBLE, '')
    .replace(/\t/g, ' ');
  return (multiline ? text.replace(CONTROLS_BUT_NEWLINE, '') : text.replace(/\n/g, ' ').replace(CONTROLS, '')).trim();
}

/** A one-line text field, normalised (see above); add length rules after it. */
export function singleLineText(error?: string) {
  return z.string(error ? { error } : undefined).overwrite((value) => normaliseText(value, false));
}

/** A multi-line text field (messages, descriptions), normalised, newlines kept. */
export function multiLineText(error?: string) {
  return z.string(error ? { error } : undefined).overwrite((value) => normaliseText(value, true));
}
