/**
 * What every advertiser PATCH shares (issue 40, decision 0028): its body is a JSON Merge Patch object, it carries the
 * version it read (`If-Match`, the resource's `ETag`), and a save from an older version answers 409 with the resource
 * as it is now.
 */
import { AppError, invalid } from '../errors.ts';

/** The ETag of a version. */
export const versionTag = (version: number) => `"${version}"`;

/** The version an If-Match names (`"12"`, `W/"12"`, `*`), undefined when none was sent. */
export function versionOf(ifMatch: string | undefined): number | undefined {
  if (ifMatch === undefined || ifMatch.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(ifMatch);
  if (!match) throw invalid('If-Match', 'if_match_must_etag_read');
  return Number(match[1]);
}

/** A merge patch's body: a JSON object, or a 422. */
export function patchObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('_', 'send_changes_json_object');
  return body as Record<string, unknown>;
}

/** A stale version: 409 with `current` (the business or the ad as it is now) and its ETag; nothing was changed. */
export function staleVersion(what: 'business' | 'ad', current: { version: number }): AppError {
  const error = new AppError(what === 'ad' ? 'ad_changed_elsewhere' : 'business_changed_elsewhere', undefined, { headers: { ETag: versionTag(current.version) } });
  Object.assign(error.extra, { data: current });
  return error;
}
