/** The app's stored secrets, written once for every backend; rebuilding the search index and the migrations are each backend's own. */
import type { MaintenanceRepository } from '../repositories.ts';
import { QueryRepository } from './query-access.ts';

/** What each backend does its own way. */
export type MaintenanceOfBackend = 'rebuildSearchIndex' | 'pendingMigrations';

export abstract class KyselyMaintenanceRepository extends QueryRepository implements Omit<MaintenanceRepository, MaintenanceOfBackend> {
  /** The secret called `name`, made by `fresh()` and stored the first time it is asked for. */
  appSecret(name: string, fresh: string): Promise<string> {
    const now = this.now;
    return this.write(async (db) => {
      await db.insertInto('app_secrets').values({ name, value: fresh, created_at: now }).onConflict((conflict) => conflict.column('name').doNothing()).execute();
      return (await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
    });
  }
}
