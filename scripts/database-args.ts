/** The database a script works on: DATABASE_URL, or `--database-url URL`, or `--database PATH` (a SQLite file). */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../src/server/config.ts';

export function databaseConfigFromArgs(args = process.argv.slice(2)): Config {
  const { values } = parseArgs({ args, options: { database: { type: 'string' }, 'database-url': { type: 'string' } }, strict: false });
  const url = typeof values['database-url'] === 'string' ? values['database-url'] : typeof values.database === 'string' ? `sqlite:${values.database}` : undefined;
  return loadConfig(url ? { ...process.env, DATABASE_URL: url } : process.env);
}
