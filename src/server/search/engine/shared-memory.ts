/**
 * Typed arrays over shared memory: the facet store's columns, its grid and the word index's matches, which a helper
 * thread counts part of a search on (count-worker.ts) without a copy.
 */
export type NumberArray = Uint8Array | Uint32Array | Float64Array;
export type NumberArrayClass<T extends NumberArray> = { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };

/** A zero-filled array of `length` values over shared memory, as a plain typed array is zero-filled. */
export function sharedColumn<T extends NumberArray>(kind: NumberArrayClass<T>, length: number): T {
  return new kind(new SharedArrayBuffer(length * kind.BYTES_PER_ELEMENT));
}
