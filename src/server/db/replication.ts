/**
 * What a backend with several servers offers above the data seam (issue 41): its replicas' state and positions, and
 * notifications between processes. Imports nothing, so the caches can use it without a cycle through the backend.
 */

/** In service; too far behind; not answering; or not a standby at all (promoted, or a pooler pointing at the primary). */
export type ReplicaState = 'streaming' | 'lagging' | 'down' | 'primary';

/** What /readyz and `npm run cluster -- status` show of a replica. */
interface ReplicaStatus {
  name: string;
  /** The server its URL reached at the last look (host:port), or null before the first. */
  server: string | null;
  state: ReplicaState;
  /** How far behind the primary its replay is, in time; null when it does not answer. */
  lag_ms: number | null;
}

export interface ReplicationStatus {
  primary: { name: string; state: 'up' | 'down' };
  replicas: ReplicaStatus[];
}

/** Streaming replicas serving the reads every visitor shares (issue 41), when DATABASE_READ_URLS names some. */
export interface Replication {
  status(): ReplicationStatus;
  /** The primary's WAL position now: every write committed before it is in a replica that has replayed it. */
  writePosition(): Promise<string>;
  /** Resolves once every replica in service has replayed `position` (or after the lag limit, when it leaves service). */
  caughtUp(position: string): Promise<void>;
}

/** The channels of the notification hub. */
export const CHANNELS = {
  /** The invalidation log's newest id, sent after writes that add to it (cache/invalidations.ts). */
  invalidations: 'yp_invalidations',
  /** The newest conversation event's number, sent after writes (conversations/live.ts, issue 44): ids only. */
  conversationEvents: 'yp_conversation_events',
} as const;

/** Named channels between the processes of one database (PostgreSQL's LISTEN/NOTIFY, issue 41). */
export interface Notifications {
  /** `handler` gets each payload sent on `channel`. */
  listen(channel: string, handler: (payload: string) => void): void;
  /** `handler` runs after the connection was lost and made again: what was sent meanwhile never came. */
  onReconnect(handler: () => void): void;
}
