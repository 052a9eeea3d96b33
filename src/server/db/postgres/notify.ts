/**
 * The notification hub of one process (issue 41): one direct connection to the current primary that LISTENs on named
 * channels and sends their NOTIFYs. Not through PgBouncer (transaction pooling loses a LISTEN) and never to a standby
 * (it refuses one): the hub tries each of its URLs until one is a primary (DATABASE_NOTIFY_URLS). A send is coalesced,
 * at most one per channel every SEND_EVERY_MS, and never inside a write's transaction (a pending NOTIFY takes a global
 * lock at commit). After a reconnect, listeners are told at once, so they read what they may have missed. Invalidation
 * is its first channel; later features add channels here, never a second connection.
 */
import pg from 'pg';
import type { Notifications } from '../backend-types.ts';

/** The most often one channel is sent on. */
const SEND_EVERY_MS = 50;
/** How soon a lost connection is tried again. */
const RECONNECT_MS = 500;

interface Channel {
  handlers: ((payload: string) => void)[];
  /** What a send carries, worked out when it goes (the newest log id); undefined sends nothing. */
  payload?: (client: pg.Client) => Promise<string | undefined>;
  /** A send is waiting for its turn. */
  due: NodeJS.Timeout | undefined;
  sentAt: number;
  lastPayload: string | undefined;
}

export class NotificationHub implements Notifications {
  private readonly urls: readonly string[];
  private readonly channels = new Map<string, Channel>();
  private readonly reconnected: (() => void)[] = [];
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(urls: readonly string[]) {
    this.urls = urls;
  }

  /** Connects (to the first URL that is a primary) and listens on every channel; retried in the background until it can. */
  start(): Promise<void> {
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    for (const url of this.urls) {
      if (this.closed) return;
      const client = new pg.Client({ connectionString: url, application_name: 'yp-notify', connectionTimeoutMillis: 2_000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rows: [row] } = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
        if (row?.standby) throw new Error('a standby');
        for (const name of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(name)}`);
      } catch {
        await client.end().catch(() => undefined);
        continue;
      }
      const first = this.client === undefined;
      this.client = client;
      client.on('notification', (message) => {
        for (const handler of this.channels.get(message.channel)?.handlers ?? []) handler(message.payload ?? '');
      });
      client.on('end', () => this.lost(client));
      if (!first) for (const handler of this.reconnected) handler();
      return;
    }
    this.scheduleRetry();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.start();
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private channel(name: string): Channel {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { handlers: [], due: undefined, sentAt: Number.NEGATIVE_INFINITY, lastPayload: undefined };
      this.channels.set(name, channel);
    }
    return channel;
  }

  listen(name: string, handler: (payload: string) => void): void {
    const channel = this.channel(name);
    const first = channel.handlers.length === 0;
    channel.handlers.push(handler);
    if (first) this.client?.query(`LISTEN ${pg.escapeIdentifier(name)}`).catch(() => undefined);
  }

  onReconnect(handler: () => void): void {
    this.reconnected.push(handler);
  }

  /** What sends on `name` carry, worked out on the hub's connection when each goes. */
  payloadOf(name: string, payload: (client: pg.Client) => Promise<string | undefined>): void {
    this.channel(name).payload = payload;
  }

  /** Sends on `name` soon: at once if the last send is SEND_EVERY_MS old, else when it is; sends asked meanwhile are one. */
  signal(name: string): void {
    const channel = this.channel(name);
    if (channel.due || this.closed) return;
    const wait = Math.max(0, channel.sentAt + SEND_EVERY_MS - Date.now());
    // One query at a time on the hub's connection (pg queues concurrent ones, deprecated since pg 8.13): the channels'
    // sends run one after another.
    channel.due = setTimeout(() => { this.sending = this.sending.then(() => this.send(name, channel)); }, wait);
    channel.due.unref();
  }

  private async send(name: string, channel: Channel): Promise<void> {
    // A signal from now on (a write committing while this one reads its payload) is another send.
    channel.due = undefined;
    channel.sentAt = Date.now();
    try {
      const client = this.client;
      if (!client) return;
      const payload = channel.payload ? await channel.payload(client) : '';
      if (payload === undefined || payload === channel.lastPayload) return;
      await client.query('SELECT pg_notify($1, $2)', [name, payload]);
      channel.lastPayload = payload;
    } catch {
      // Lost meanwhile: listeners read the log when they reconnect, and the poll is the fallback.
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    for (const channel of this.channels.values()) clearTimeout(channel.due);
    await this.connecting;
    await this.client?.end().catch(() => undefined);
  }
}
