/**
 * Where a request's reads may go (issue 41): a replica for what every visitor sees alike (catalogue pages, sitemaps,
 * search and autocomplete), the primary for everything else (one person's pages, writes, sessions, billing). The
 * middleware runs each request in its scope; the backend's read router asks for it. No scope (jobs, scripts, tests
 * calling services) reads the primary. Backends without replicas ignore it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { UNSHARED_PATHS } from '../http.ts';

export interface ReadScope {
  /** Reads may go to a replica. */
  readonly replica: boolean;
  /** A replica serves only once it has replayed this WAL position (the visitor's own last write, `yp_lsn`). */
  readonly afterLsn: string | null;
}

/** The read-your-writes cookie: the commit position of the visitor's last write, for a few seconds. */
export const LSN_COOKIE = 'yp_lsn';
/** How long it lasts: longer than a replica may lag before it is skipped (REPLICA_MAX_LAG_MS). */
export const LSN_COOKIE_SECONDS = 2;

const storage = new AsyncLocalStorage<ReadScope>();

/** Runs `work` with `scope` as its reads' scope. */
export function withReadScope<T>(scope: ReadScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the request being served, if any. */
export function currentReadScope(): ReadScope | undefined {
  return storage.getStore();
}

/** The API's catalogue reads that every visitor shares. */
const REPLICA_API = /^\/api\/(post\/search|post\/autocomplete|cities\/autocomplete)\/?$/;

/** The scope of a request: its method, path and `yp_lsn` cookie (or null). */
export function readScopeOf(method: string, pathname: string, lsn: string | null): ReadScope {
  const page = (method === 'GET' || method === 'HEAD') && !UNSHARED_PATHS.test(pathname);
  const api = method === 'POST' && REPLICA_API.test(pathname);
  return { replica: page || api, afterLsn: lsn && isLsn(lsn) ? lsn : null };
}

/** A WAL position as PostgreSQL writes it: two hexadecimal halves, '0/16B3748'. */
function isLsn(value: string): boolean {
  return /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(value);
}

/** The `yp_lsn` value of a Cookie header, or null. */
export function lsnCookieOf(cookieHeader: string | null | undefined): string | null {
  const match = /(?:^|;\s*)yp_lsn=([^;]*)/.exec(cookieHeader ?? '');
  const value = match ? decodeURIComponent(match[1]!) : null;
  return value && isLsn(value) ? value : null;
}
