/**
 * Streaming replicas behind the reads that every visitor shares (issue 41, DATABASE_READ_URLS). A monitor looks at
 * the primary and each replica every PROBE_MS: a replica that does not answer, or has not replayed what the primary
 * had REPLICA_MAX_LAG_MS ago, is skipped; with none left, reads go to the primary. A router sends a read to a replica
 * (round robin) when the request's scope allows it (../read-scope.ts), and only to one that has replayed the visitor's
 * own last write; a query a replica cancels (a recovery conflict, SQLSTATE 40001) or cannot answer is run again on the
 * primary, once.
 */
import type { Kysely } from 'kysely';
import { isDatabaseUnavailable } from '../errors.ts';
import type { QueryDb } from '../kysely/query.ts';
import { currentReadScope } from '../read-scope.ts';
import type { Replication, ReplicationStatus, ReplicaState } from '../replication.ts';
import type { Tables } from '../tables.ts';
import { closeAll, openPool, postgresKysely, type Pool } from './connection.ts';

/** How often the monitor looks at the servers. */
const PROBE_MS = 200;
/** How far behind the primary a replica may be and still serve (REPLICA_MAX_LAG_MS). */
export const REPLICA_MAX_LAG_MS = 1_000;
/** Samples of the primary's position kept to time a replica's lag (PROBE_MS apart: about 12 s). */
const HISTORY = 60;
/** How often a wait for replicas to replay a position looks again. */
const CATCH_UP_POLL_MS = 20;

/** A WAL position ('16/B374D848') as a number, to compare. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** A server's name in messages and status: host, port and database, never the password. */
function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

interface Replica {
  readonly name: string;
  readonly url: string;
  /** The monitor's own connection. */
  readonly probe: Pool;
  state: ReplicaState;
  lagMs: number | null;
  replayed: bigint | null;
  /** The server the URL reached at the last look (through a pooler, it can change). */
  server: string | null;
}

export class ReplicaSet implements Replication {
  readonly replicas: readonly Replica[];
  readonly primaryName: string;
  private primaryUp = true;
  private readonly primaryProbe: Pool;
  private readonly maxLagMs: number;
  /** The primary's position over the last probes, newest last. */
  private readonly history: { at: number; lsn: bigint }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;
  private next = 0;

  constructor(primaryUrl: string, readUrls: readonly string[], maxLagMs: number) {
    this.primaryName = nameOf(primaryUrl);
    this.primaryProbe = openPool(primaryUrl, { max: 1, applicationName: 'yp-replica-monitor' });
    this.maxLagMs = maxLagMs;
    this.replicas = readUrls.map((url) => ({
      name: nameOf(url), url, probe: openPool(url, { max: 1, applicationName: 'yp-replica-monitor' }), state: 'down', lagMs: null, replayed: null, server: null,
    }));
  }

  /** Looks at every server once (so the first reads already know), then every PROBE_MS. */
  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), PROBE_MS);
    this.timer.unref();
  }

  /** One look at the primary and each replica; concurrent callers share it. */
  probe(): Promise<void> {
    this.probing ??= this.look().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private async look(): Promise<void> {
    const at = Date.now();
    try {
      this.history.push({ at, lsn: lsnValue((await within(probeServer(this.primaryProbe))).lsn) });
      if (this.history.length > HISTORY) this.history.shift();
      this.primaryUp = true;
    } catch {
      this.primaryUp = false;
    }
    await Promise.all(this.replicas.map(async (replica) => {
      try {
        // Through a pooler, the URL reaches whichever server it points at now: the probe says which.
        const seen = await within(probeServer(replica.probe));
        replica.server = seen.server;
        replica.replayed = lsnValue(seen.lsn);
        replica.lagMs = this.lagOf(replica.replayed, at);
        // A server that is not a standby (promoted, or a pooler pointing at the primary) serves no replica reads.
        replica.state = !seen.standby ? 'primary' : replica.lagMs <= this.maxLagMs ? 'streaming' : 'lagging';
      } catch {
        this.markDown(replica);
      }
    }));
  }

  /** How long ago the primary was where the replica's replay is: 0 when it has replayed the newest sample. */
  private lagOf(replayed: bigint, now: number): number {
    const newest = this.history.at(-1);
    if (!newest || replayed >= newest.lsn) return 0;
    // The oldest sample it has not replayed: it is at least that far behind.
    const behind = this.history.find((sample) => sample.lsn > replayed);
    return Math.max(0, now - (behind ?? this.history[0]!).at);
  }

  /** A replica to read from (round robin over those in service), or undefined for the primary. */
  pick(afterLsn: string | null): Replica | undefined {
    const after = afterLsn === null ? null : lsnValue(afterLsn);
    const usable = this.replicas.filter((replica) => replica.state === 'streaming' && (after === null || (replica.replayed !== null && replica.replayed >= after)));
    if (usable.length === 0) return undefined;
    this.next = (this.next + 1) % usable.length;
    return usable[this.next];
  }

  /** A replica that failed a read is out of service until the monitor finds it answering again. */
  markDown(replica: Replica): void {
    replica.state = 'down';
    replica.lagMs = null;
  }

  /** The primary's current WAL position: a write that committed before it is in every replica that has replayed it. */
  async writePosition(): Promise<string> {
    return (await within(probeServer(this.primaryProbe))).lsn;
  }

  /** The replicas in service that have not replayed `target` yet, as far as the last look knows. */
  private behind(target: bigint): Replica[] {
    return this.replicas.filter((replica) => replica.state === 'streaming' && (replica.replayed === null || replica.replayed < target));
  }

  /**
   * Resolves once every replica in service has replayed `lsn`, or after REPLICA_MAX_LAG_MS (a replica that slow leaves
   * service at the monitor's next look). Replicas are asked directly, every CATCH_UP_POLL_MS.
   */
  async caughtUp(lsn: string): Promise<void> {
    const target = lsnValue(lsn);
    const deadline = Date.now() + this.maxLagMs;
    for (;;) {
      const waiting = this.behind(target);
      if (waiting.length === 0) return;
      if (Date.now() >= deadline) {
        // As far behind as a replica may be: out of service now, before anything reads it for the change it lacks.
        for (const replica of waiting) replica.state = 'lagging';
        return;
      }
      await Promise.all(waiting.map(async (replica) => {
        try {
          const seen = await within(probeServer(replica.probe));
          replica.replayed = lsnValue(seen.lsn);
        } catch {
          this.markDown(replica);
        }
      }));
      if (this.behind(target).length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
    }
  }

  status(): ReplicationStatus {
    return {
      primary: { name: this.primaryName, state: this.primaryUp ? 'up' : 'down' },
      replicas: this.replicas.map(({ name, state, lagMs, server }) => ({ name, server, state, lag_ms: lagMs })),
    };
  }

  /** A router for one purpose (the repositories, the search engine), with pools of `max` connections per replica. */
  router(primary: QueryDb, max: number, applicationName: string): ReadRouter {
    return new ReadRouter(this, primary, new Map(this.replicas.map((replica) => {
      const pool = openPool(replica.url, { max, applicationName });
      return [replica, { pool, db: postgresKysely(pool) }];
    })));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.probing;
    await Promise.all([this.primaryProbe, ...this.replicas.map((replica) => replica.probe)].map((pool) => pool.end()));
  }
}

/** How long a look at one server may take: one that does not answer by then (a pooler waiting on a lost server) is down. */
const PROBE_TIMEOUT_MS = 1_000;

function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('The server did not answer in time.')), PROBE_TIMEOUT_MS);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What a look at a server finds: whether it is a standby; where its WAL ends now, a standby's replay position or a
 * primary's insert position (past every record already made, commits included, even those an asynchronous commit has
 * not written out yet); and its address.
 */
async function probeServer(pool: Pool): Promise<{ standby: boolean; lsn: string; server: string }> {
  const { rows: [row] } = await pool.query<{ standby: boolean; lsn: string; addr: string | null; port: number | null }>(`SELECT pg_is_in_recovery() AS standby,
    (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_insert_lsn() END)::text AS lsn,
    host(inet_server_addr()) AS addr, inet_server_port() AS port`);
  return { standby: row!.standby, lsn: row!.lsn, server: row!.addr ? `${row!.addr}:${row!.port}` : 'local socket' };
}

/** A recovery conflict: the replica cancelled a query whose rows its replay had to remove. */
function isRecoveryConflict(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '40001';
}

/** Sends reads to a replica when the request's scope allows it, else to the primary. */
export class ReadRouter {
  private readonly set: ReplicaSet;
  private readonly primary: QueryDb;
  private readonly pools: Map<Replica, { pool: Pool; db: Kysely<Tables> }>;

  constructor(set: ReplicaSet, primary: QueryDb, pools: Map<Replica, { pool: Pool; db: Kysely<Tables> }>) {
    this.set = set;
    this.primary = primary;
    this.pools = pools;
  }

  /** Runs `work` on the server the current request's scope allows; again on the primary when a replica fails it. */
  read = async <T>(work: (db: QueryDb) => Promise<T>): Promise<T> => {
    const scope = currentReadScope();
    const replica = scope?.replica ? this.set.pick(scope.afterLsn) : undefined;
    const target = replica && this.pools.get(replica);
    if (!replica || !target) return work(this.primary);
    try {
      return await work(target.db);
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.set.markDown(replica);
      else if (!isRecoveryConflict(error)) throw error;
      return work(this.primary);
    }
  };

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map(({ db, pool }) => closeAll(db, pool)));
  }
}

