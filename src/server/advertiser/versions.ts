/**
 * What every advertiser PATCH shares (issue 40, decision 0028): its body is a JSON Merge Patch object, it carries the
 * version it read (`If-Match`, the resource's `ETag`), and a save from an older version answers 409 with the resource
 * as it is now.
 */
import { AppError } from '../errors.ts';

/** The ETag of a version. */
export const versionTag = (version: number) => `"${version}"`;

/** The version an If-Match names (`"12"`, `W/"12"`, `*`), undefined when none was sent. */
export function versionOf(ifMatch: string | undefined): number | undefined {
  if (ifMatch === undefined || ifMatch.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(ifMatch);
  if (!match) throw new AppError(422, 'If-Match must be the ETag you read.', { 'If-Match': ['If-Match must be the ETag you read.'] });
  return Number(match[1]);
}

/** A merge patch's body: a JSON object, or a 422. */
export function patchObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError(422, 'Send the changes as a JSON object.', { _: ['Send the changes as a JSON object.'] });
  return body as Record<string, unknown>;
}

/** A stale version: 409 with `current` (the business or the ad as it is now) and its ETag; nothing was changed. */
export function staleVersion(what: 'business' | 'ad', current: { version: number }): AppError {
  const error = new AppError(409, `This ${what} was changed in another tab or on another device since you opened it. Nothing was saved: here is how it is now.`,
    undefined, { ETag: versionTag(current.version) });
  Object.assign(error.extra, { data: current });
  return error;
}
