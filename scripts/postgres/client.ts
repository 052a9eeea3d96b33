/**
 * Finds PostgreSQL's client programs (pg_dump, pg_restore) for the backup of a PostgreSQL database, or installs
 * Debian's postgresql-client (its major version, 15 on Debian 12, matches the embedded server's: decision 0019).
 */
import { spawnSync } from 'node:child_process';
import { ensureDebianPackage } from '../debian-package.ts';

export function ensurePostgresClient(log: (line: string) => void = console.log): boolean {
  return ensureDebianPackage(() => spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0, 'postgresql-client', 'the PostgreSQL backup test (pg_dump)', log);
}
