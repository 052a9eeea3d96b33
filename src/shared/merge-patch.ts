/**
 * JSON Merge Patch (RFC 7396, the `json-merge-patch` package): how every advertiser PATCH names what it changes
 * (issue 40). A key sent changes, a key left out stays, `null` clears it, and an array is sent whole. The editors make
 * their patch from what they loaded and what the person changed; the server applies it over what is stored.
 */
import mergePatch from 'json-merge-patch';

/** `patch` applied over a copy of `target`. */
export function applyMergePatch<T>(target: T, patch: unknown): T {
  return mergePatch.apply(structuredClone(target), patch) as T;
}

/** The patch that turns `before` into `after` (an empty object when nothing changed). */
export function mergePatchOf(before: unknown, after: unknown): Record<string, unknown> {
  return (mergePatch.generate(before, after) ?? {}) as Record<string, unknown>;
}
