import { describe, expect, inject, it } from 'vitest';
import { openPool } from '../../../src/server/db/postgres/connection.ts';
import { copyOfDatabase } from '../../helpers/test-database.ts';

/**
 * A process's pool (db/postgres/connection.ts) when the server ends a connection (a switchover, a restart, an operator's
 * pg_terminate_backend): a client checked out between two queries (inside a transaction, say) has no query to fail, so
 * pg reports the end as an 'error' event on the client. Without a listener that was an uncaught exception that took the
 * whole process down (a clean-clone run saw "Connection terminated unexpectedly" from the read-only test).
 */
describe('the pool of a process', () => {
  it('takes a connection ended while a client is checked out between queries: its next query fails, nothing is thrown uncaught', async () => {
    const copy = await copyOfDatabase(inject('templateUrl'), 'pool-ended');
    const pool = openPool(copy.url, { max: 2 });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release(true);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await pool.end();
      await copy.remove();
    }
  });
});
