/**
 * Finds PostgreSQL's client programs (pg_dump, pg_restore) for the backup of a PostgreSQL database, or installs
 * Debian's postgresql-client when running as root (its major version, 15 on Debian 12, matches the embedded server's:
 * decision 0019); returns whether pg_dump runs, after saying how to get it if not.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const runs = () => spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0;

export function ensurePostgresClient(log: (line: string) => void = console.log): boolean {
  if (runs()) return true;
  let aptGet = false;
  try {
    accessSync('/usr/bin/apt-get', constants.X_OK);
    aptGet = true;
  } catch { /* not Debian */ }
  if (process.getuid?.() === 0 && aptGet) {
    log('No pg_dump found for the PostgreSQL backup test: installing Debian\'s postgresql-client (apt-get install -y postgresql-client)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0) spawnSync('apt-get', ['install', '-y', 'postgresql-client'], { stdio: 'inherit', env });
    if (runs()) return true;
  }
  log('No pg_dump could be installed: install PostgreSQL 15\'s client (on Debian: sudo apt-get install -y postgresql-client), then run npm test again.');
  return false;
}
