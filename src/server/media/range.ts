/**
 * HTTP byte ranges for media (RFC 9110 §14): videos are served as stored, and a browser seeks in one by asking for
 * a part of it. One range per request (`bytes=a-b`, `bytes=a-`, `bytes=-n`); several ranges are answered whole.
 */

export type ByteRange = { start: number; end: number };

/**
 * The range a `Range` header asks of a file of `size` bytes: undefined for the whole file (no header, another unit,
 * several ranges, or nonsense), 'unsatisfiable' when it lies past the end (a 416).
 */
export function requestedRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
