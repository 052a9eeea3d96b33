/**
 * Conversations as they arrive (issue 44), shared by the islands of a page and by the browser's tabs: one tab of the
 * conversation pages holds the stream (GET /api/conversations/stream, under the Web Lock `yp-conversations`) and passes every event to the
 * others over a BroadcastChannel, so a browser keeps one of its six connections per origin, whatever its tabs. After
 * three failed connects the holder asks GET /api/conversations/updates every 10 s instead. Islands read `$unread` and
 * listen with `onLiveEvent`; nothing starts until one of them calls `startLive()` for a signed-in person. It asks with
 * plain fetch, never the API client: the header starts it on every page, and a session that ended meanwhile must stop
 * it quietly, not open the login modal there.
 */
import { atom } from 'nanostores';
import type { LiveEvent } from '../client/conversation-calls.ts';

/** Conversations with something unread, on either side (the header's count). */
export const $unread = atom<number | null>(null);

const LOCK = 'yp-conversations';
const CHANNEL = 'yp-conversations';
const POLL_MS = 10_000;
const FAILURES_BEFORE_POLLING = 3;

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
/** A GET of the API as JSON, or null when it failed (a 401 included: the session ended, and nothing is asked again). */
async function getJson<T>(path: string): Promise<T | null> {
  const response = await fetch(`/api/${path}`, { credentials: 'include', headers: { Accept: 'application/json' } }).catch(() => null);
  if (response?.status === 401) stopped = true;
  return response?.ok ? (await response.json()) as T : null;
}
let stopped = false;
let started = false;
let channel: BroadcastChannel | null = null;

function dispatch(event: LiveEvent): void {
  if (event.event === 'unread') $unread.set(event.data.unread);
  for (const listener of listeners) listener(event);
}

/** Hears every event of the signed-in person (messages, read marks, the unread count); returns what stops it. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The holder's work: the stream, or the poll after it failed three times in a row; ends with the page. */
function hold(): Promise<void> {
  return new Promise<void>(() => {
    let failures = 0;
    let lastId = 0;
    const tell = (event: LiveEvent) => {
      if (event.id) lastId = Math.max(lastId, Number(event.id));
      dispatch(event);
      channel?.postMessage(event);
    };
    const poll = () => {
      if (stopped) return;
      getJson<{ data: LiveEvent[]; last_event_id: number }>(`conversations/updates?after=${lastId}`).then((answer) => {
        if (!answer) return;
        lastId = Math.max(lastId, answer.last_event_id);
        for (const event of answer.data) tell(event);
      }).finally(() => setTimeout(poll, POLL_MS));
    };
    const source = new EventSource('/api/conversations/stream', { withCredentials: true });
    source.addEventListener('ready', () => { failures = 0; });
    for (const name of ['message', 'offer', 'read', 'unread'] as const) {
      source.addEventListener(name, (message: MessageEvent<string>) => tell({ event: name, id: message.lastEventId || undefined, data: JSON.parse(message.data) } as LiveEvent));
    }
    // EventSource reconnects by itself (sending Last-Event-ID); after three failures in a row, polling takes over.
    source.addEventListener('error', () => {
      failures += 1;
      if (stopped) source.close();
      else if (failures >= FAILURES_BEFORE_POLLING) {
        source.close();
        poll();
      }
    });
  });
}

let watching = false;

/**
 * The header's count (every page of a signed-in person): asked once, again when the tab comes back into view, and
 * live whenever a tab of the browser holds the stream (any conversation page). Pages that only show the count open
 * no stream: a connection held by every page view would cost the server one per reader and tab.
 */
export function watchUnread(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const ask = () => void getJson<{ data: { unread: number } }>('conversations/unread').then((answer) => { if (answer) $unread.set(answer.data.unread); });
  ask();
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible' && !stopped) ask(); });
  if (typeof BroadcastChannel !== 'undefined' && !channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<LiveEvent>) => dispatch(message.data);
  }
}

/** Starts the live events for a conversation page (once per page): holds the stream, or hears the tab that does. */
export function startLive(): void {
  watchUnread();
  if (started) return;
  started = true;
  // Without Web Locks (an old browser), every tab holds its own stream.
  if (navigator.locks) void navigator.locks.request(LOCK, () => hold());
  else void hold();
}
