import type { AppContext } from './app-types.ts';

/**
 * What must hold before this server takes traffic (GET /readyz): the database, its migrations, a loaded search, and pages
 * that answer (page-health.ts).
 */
export async function readiness(app: AppContext): Promise<{ database: boolean; migrations: boolean; search: boolean; pages: boolean }> {
  let database = false;
  let migrations = false;
  try {
    migrations = (await app.repos.maintenance.pendingMigrations()).length === 0;
    database = true;
  } catch {
    // the database does not answer
  }
  return { database, migrations, search: await app.search.ready(), pages: app.pageHealth.answering };
}
