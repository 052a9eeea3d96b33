/** Places for the search box, written once for every backend; the word suggestions are each backend's own (its search index). */
import { sql } from 'kysely';
import type { SuggestionRepository } from '../repositories.ts';
import type { PlaceRow } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { likeEscaped } from './query.ts';

/** What a backend answers from its own search index. */
export type SuggestionsFromSearchIndex = 'findSuggestions' | 'findVocabulary';

export abstract class KyselySuggestionRepository extends QueryRepository implements Omit<SuggestionRepository, SuggestionsFromSearchIndex> {
  /**
   * States and towns whose name, or a word of it, starts with `prefix`; states first, then the shortest names.
   * Both sides are lower-cased: SQLite's LIKE ignores case, PostgreSQL's does not.
   */
  findPlacesByPrefix(prefix: string, limit: number): Promise<PlaceRow[]> {
    return this.read(async (db) => {
      const pattern = `% ${likeEscaped(prefix.toLowerCase())}%`;
      const states = db.selectFrom('states as s').select((eb) => [
        sql<string>`'state'`.as('kind'), 's.id', 's.name', 's.name as state_name',
        eb.selectFrom('cities as c').select((inner) => inner.fn.avg<number>('c.latitude').as('v')).whereRef('c.state_id', '=', 's.id').as('latitude'),
        eb.selectFrom('cities as c').select((inner) => inner.fn.avg<number>('c.longitude').as('v')).whereRef('c.state_id', '=', 's.id').as('longitude'),
      ]).where(sql<boolean>`' ' || lower(s.name) LIKE ${pattern} ESCAPE '\\'`);
      const cities = db.selectFrom('cities as c').innerJoin('states as s', 's.id', 'c.state_id')
        .select([sql<string>`'city'`.as('kind'), 'c.id', 'c.name', 's.name as state_name', 'c.latitude', 'c.longitude'])
        .where(sql<boolean>`' ' || lower(c.name) LIKE ${pattern} ESCAPE '\\'`);
      const rows = await db.selectFrom(states.unionAll(cities).as('places')).selectAll()
        .orderBy(sql`kind = 'state'`, 'desc').orderBy(sql`length(name)`).orderBy('name').limit(limit).execute();
      return rows.map((row) => ({ ...row, latitude: Number(row.latitude), longitude: Number(row.longitude) }) as PlaceRow);
    });
  }
}
