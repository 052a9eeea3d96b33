/**
 * What the running app leaves for the server in front of it (serve.ts): serve.ts loads the built app as a separate
 * module graph, so a registered symbol is the one name both can see.
 */
import type { FrontDoorRequest } from './page-cache.ts';

/** The app's close function, called by the server on shutdown after the last request. */
export const CLOSE_APP = Symbol.for('yellow-pages.close-app');

/** Ends the app's open streams (conversations' Server-Sent Events): called first when a shutdown begins. */
export const CLOSE_STREAMS = Symbol.for('yellow-pages.close-streams');

/**
 * The page cache's front door (issue 38): a cache hit answered before Astro runs, as a static file is; undefined sends
 * the request the usual way. It also counts the search impressions of the page it serves.
 */
export const FRONT_DOOR = Symbol.for('yellow-pages.front-door');

export type FrontDoor = (request: FrontDoorRequest, userAgent: string | undefined) => { status: number; headers: Record<string, string>; body: Buffer | null } | undefined;

/** The app's handle of `symbol`, once the app is built. */
export function appHandle<T>(symbol: symbol): T | undefined {
  return (globalThis as Record<symbol, unknown>)[symbol] as T | undefined;
}

/** Leaves a handle for the server. */
export function setAppHandle(symbol: symbol, value: unknown): void {
  (globalThis as Record<symbol, unknown>)[symbol] = value;
}
