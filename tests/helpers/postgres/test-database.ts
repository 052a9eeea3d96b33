/**
 * PostgreSQL's side of the test database port (../test-database.ts): one throwaway server per machine for the tests
 * (data/postgres-test on port 54330, or TEST_POSTGRES_PORT), started by the test setup; a database per test file,
 * copied from the seeded template with `CREATE DATABASE … TEMPLATE` (a file copy inside the server).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrl, startServer, testServer, type PostgresServer } from '../../../scripts/postgres/server.ts';
import { openPool, postgresKysely } from '../../../src/server/db/postgres/connection.ts';
import { projectRoot } from '../../../src/server/project-root.ts';
import type { TestDatabaseBackend } from '../test-database.ts';

const TEST_SERVER: PostgresServer = testServer(projectRoot);

/** Whether the process that made a test database (its pid is in the name) is still running. */
function makerRuns(database: string): boolean {
  const pid = Number(/^t_.*_(\d+)_[0-9a-f]{8}$/.exec(database)?.[1]);
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let started: Promise<void> | undefined;

/**
 * Starts the tests' server unless it runs (no waiting for the disk: nothing in it outlives a run), once per process,
 * and drops the databases a run that was stopped halfway left behind.
 */
function startTestServer(): Promise<void> {
  started ??= (async () => {
    await startServer(TEST_SERVER, { durable: false });
    await admin(async (client) => {
      const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 't\\_%'");
      for (const { datname } of rows) {
        if (!makerRuns(datname)) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
      }
    });
  })();
  return started;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(TEST_SERVER, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function nameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** A database name of the run: the given name, made unique (names are at most 63 bytes). */
function uniqueName(name: string): string {
  return `t_${name.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 30)}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export const postgresTestDatabases: TestDatabaseBackend = {
  name: 'PostgreSQL',
  async fresh(_dir, name) {
    await startTestServer();
    const database = uniqueName(name);
    await admin((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`));
    return databaseUrl(TEST_SERVER, database);
  },
  async copy(source, _dir, name) {
    const database = uniqueName(name);
    // A template must have no other session: the seeded template has none once it is built.
    await admin((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)} TEMPLATE ${pg.escapeIdentifier(nameOf(source))}`));
    return databaseUrl(TEST_SERVER, database);
  },
  async remove(url) {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(nameOf(url))} WITH (FORCE)`));
  },
  query(url) {
    const pool = openPool(url, { max: 2, applicationName: 'yp-test' });
    const query = postgresKysely(pool);
    return { query, close: () => query.destroy().then(() => (pool.ended ? undefined : pool.end())) };
  },
};
