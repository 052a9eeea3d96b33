/**
 * What the fraud signals on listings read and keep (migration 0054, issue 64): near photos on other accounts' live ads
 * through the four indexed blocks of their difference hashes, the accounts behind the same text, the ads an account
 * posted in a window, and the price statistics the statistics job writes. Which signal fires is moderation's to say
 * (server/moderation/listing-signals.ts).
 */
import { sql } from 'kysely';
import type { ListingSignalRepository } from '../repositories.ts';
import type { ListingType } from '../../../shared/constants.ts';
import type { PhotoTwinRow, PriceStatRow, PricedAdRow, TextTwinRow } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { flag, livePost, type QueryDb } from './query.ts';

/** The four 16-bit blocks of a difference hash (16 hex digits), as SQL over `m.dhash`. */
const BLOCKS = [0, 1, 2, 3].map((block) => sql<string>`substr(m.dhash, ${sql.lit(block * 4 + 1)}, 4)`);

/** A block's value and its neighbours within 2 bits (1 + 16 + 120), as 4 hex digits each. */
function blockProbes(block: string): string[] {
  const value = Number.parseInt(block, 16);
  const probes = [value];
  for (let first = 0; first < 16; first++) {
    probes.push(value ^ (1 << first));
    for (let second = first + 1; second < 16; second++) probes.push(value ^ (1 << first) ^ (1 << second));
  }
  return probes.map((probe) => probe.toString(16).padStart(4, '0'));
}

const PRICED_AD_COLUMNS = [
  'p.id', 'p.type', 'p.title', 'p.created_at', 'p.price_min_sen', 'b.deal_type', 'b.condition', 'b.brand',
] as const;

function pricedAd(db: QueryDb, now: string) {
  return db.selectFrom('posts as p').leftJoin('buysell_details as b', 'b.post_id', 'p.id')
    .select([...PRICED_AD_COLUMNS, livePost(now).as('live'), (eb) => eb.selectFrom('post_categories as c').select('c.category_id').whereRef('c.post_id', '=', 'p.id').orderBy('c.position').limit(1).as('category_id')]);
}

function pricedAdRow(row: { id: unknown; type: string; title: string; created_at: string; live: unknown; price_min_sen: unknown; deal_type: string | null; condition: string | null; brand: string | null; category_id: unknown }): PricedAdRow {
  return {
    post_id: Number(row.id), type: row.type as ListingType, title: row.title, created_at: row.created_at, live: flag(row.live), category_id: row.category_id === null ? null : Number(row.category_id),
    deal_type: row.deal_type as PricedAdRow['deal_type'], condition: row.condition as PricedAdRow['condition'], brand: row.brand,
    price_sen: row.price_min_sen === null ? null : Number(row.price_min_sen),
  };
}

export class KyselyListingSignalRepository extends QueryRepository implements ListingSignalRepository {
  findPhotoTwins(postId: number, ownerId: number, hashes: readonly string[]): Promise<PhotoTwinRow[]> {
    if (hashes.length === 0) return Promise.resolve([]);
    const now = this.now;
    return this.read(async (db) => (await db.selectFrom('media as m').innerJoin('post_media as x', 'x.media_id', 'm.id').innerJoin('posts as p', 'p.id', 'x.post_id')
      .select(['p.id', 'p.owner_user_id', 'm.dhash'])
      .where((eb) => eb.or(BLOCKS.map((block, index) => eb(block, 'in', [...new Set(hashes.flatMap((hash) => blockProbes(hash.slice(index * 4, index * 4 + 4))))]))))
      .where('m.dhash', 'is not', null).where('p.id', '!=', postId)
      .where((eb) => eb.or([eb('p.owner_user_id', 'is', null), eb('p.owner_user_id', '!=', ownerId)]))
      .where(livePost(now)).limit(500).execute()).map((row) => ({ post_id: Number(row.id), owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id), dhash: row.dhash! })));
  }

  findTextTwins(postId: number, ownerId: number, fingerprint: string, newSince: string): Promise<TextTwinRow[]> {
    const now = this.now;
    return this.read(async (db) => (await db.selectFrom('posts as p').leftJoin('users as u', 'u.id', 'p.owner_user_id')
      .select(['p.id', 'p.owner_user_id', 'p.profile_id', livePost(now).as('live'), sql<number>`CASE WHEN p.created_at >= ${newSince} AND u.created_at >= ${newSince} THEN 1 ELSE 0 END`.as('recent')])
      .where('p.text_fingerprint', '=', fingerprint).where('p.id', '!=', postId).where('p.status', '!=', 'removed')
      .where((eb) => eb.or([eb('p.owner_user_id', 'is', null), eb('p.owner_user_id', '!=', ownerId)]))
      .orderBy('p.id').limit(200).execute()).map((row) => ({
      post_id: Number(row.id), account: row.owner_user_id === null ? -Number(row.profile_id) : Number(row.owner_user_id), live: flag(row.live), new_account: flag(row.recent),
    })));
  }

  findPricedAd(postId: number): Promise<PricedAdRow | undefined> {
    const now = this.now;
    return this.read(async (db) => {
      const row = await pricedAd(db, now).where('p.id', '=', postId).executeTakeFirst();
      return row && pricedAdRow(row);
    });
  }

  findAccountAds(ownerId: number, from: string, until: string): Promise<PricedAdRow[]> {
    const now = this.now;
    return this.read(async (db) => (await pricedAd(db, now).where('p.owner_user_id', '=', ownerId).where('p.created_at', '>=', from).where('p.created_at', '<', until)
      .where('p.status', '!=', 'removed').orderBy('p.id').limit(200).execute()).map(pricedAdRow));
  }

  findSellPrices(afterPostId: number, limit: number): Promise<PricedAdRow[]> {
    const now = this.now;
    return this.read(async (db) => (await pricedAd(db, now).where('p.type', '=', 'buysell').where('b.deal_type', '=', 'sell').where('p.price_min_sen', 'is not', null)
      .where('p.id', '>', afterPostId).where(livePost(now)).orderBy('p.id').limit(limit).execute()).map(pricedAdRow));
  }

  findPriceStats(categoryId: number, condition: 'new' | 'used', product: string): Promise<PriceStatRow[]> {
    return this.read(async (db) => (await db.selectFrom('category_price_stats').select(['category_id', 'condition', 'brand', 'product', 'sample', 'median_sen', 'log_mad'])
      .where('category_id', '=', categoryId).where('condition', 'in', [condition, 'any']).where('product', 'in', [product, '']).execute()).map((row) => ({
      category_id: Number(row.category_id), condition: row.condition as PriceStatRow['condition'], brand: row.brand, product: row.product, sample: Number(row.sample),
      median_sen: Number(row.median_sen), log_mad: Number(row.log_mad),
    })));
  }

  replacePriceStats(stats: readonly PriceStatRow[]): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.deleteFrom('category_price_stats').execute();
      for (let start = 0; start < stats.length; start += 500) {
        await db.insertInto('category_price_stats').values(stats.slice(start, start + 500).map((stat) => ({ ...stat, computed_at: now }))).execute();
      }
    });
  }
}
