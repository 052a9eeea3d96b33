/** The database a script works on: DATABASE_URL, or `--database-url URL`, or `--database PATH` (a SQLite file), and opening it. */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../src/server/config.ts';
import { openMaintenance, type DatabaseMaintenance } from '../src/server/db/backend.ts';

export function databaseConfigFromArgs(args = process.argv.slice(2)): Config {
  const { values } = parseArgs({ args, options: { database: { type: 'string' }, 'database-url': { type: 'string' } }, strict: false });
  const url = typeof values['database-url'] === 'string' ? values['database-url'] : typeof values.database === 'string' ? `sqlite:${values.database}` : undefined;
  return loadConfig(url ? { ...process.env, DATABASE_URL: url } : process.env);
}

/**
 * Says once when SITE_URL is not set (issue 40): the mails a command-line job writes (renewals, alerts, invoices) link
 * to the site by SITE_URL from the configuration, and without it they would point at a developer's localhost.
 */
export function warnWithoutSiteUrl(config: Config, env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.warn): void {
  if (!env.SITE_URL) log(`SITE_URL is not set: links in the mails this command writes point at ${config.siteUrl}. Set SITE_URL to the site's public address.`);
}

/** The maintenance side of the database `config` names; a database that cannot be opened ends the script with one sentence. */
export async function openScriptDatabase(config: Config): Promise<DatabaseMaintenance> {
  try {
    return await openMaintenance(config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
