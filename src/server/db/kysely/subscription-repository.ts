/**
 * Subscriptions (migrations 0018, 0021, 0022, 0033): the trial and paid periods of a business, their renewals, grace and
 * ends, their tokens, and which plan applies to a business and its ads. Written once in the query layer for every
 * backend, built on the database or on a transaction. One plan waits for payment per business: the database holds it.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { NewSubscription, PostSizeRow, SubscriptionChange, SubscriptionRow } from '../rows.ts';
import type { Tables } from '../tables.ts';
import { QueryRepository } from './query-access.ts';
import { count, isPostgres } from './query.ts';
import type { SubscriptionRepository } from '../repositories.ts';

const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const subscriptionRow = (row: Record<string, unknown>): SubscriptionRow => ({
  id: Number(row.id), profile_id: Number(row.profile_id), plan: row.plan as SubscriptionRow['plan'], kind: row.kind as SubscriptionRow['kind'],
  starts_at: row.starts_at as string, ends_at: row.ends_at as string, tokens: count(row.tokens), tokens_used: count(row.tokens_used),
  status: row.status as SubscriptionRow['status'], period: (row.period as SubscriptionRow['period']) ?? null, invoice_id: orNull(row.invoice_id),
  cancel_at: (row.cancel_at as string | null) ?? null, term_starts_at: (row.term_starts_at as string | null) ?? null,
  renews_subscription_id: orNull(row.renews_subscription_id), replaces_subscription_id: orNull(row.replaces_subscription_id),
  next_plan: (row.next_plan as SubscriptionRow['next_plan']) ?? null, next_period: (row.next_period as SubscriptionRow['next_period']) ?? null,
  grace_until: (row.grace_until as string | null) ?? null, grace_mailed_at: (row.grace_mailed_at as string | null) ?? null,
  closed_at: (row.closed_at as string | null) ?? null,
});

/** An active subscription that holds at `now`: inside its period, or past it in the grace its unpaid renewal gives. */
function runningAt(now: string) {
  return (eb: ExpressionBuilder<Tables & { s: Tables['subscriptions'] }, 's'>) => eb.and([
    eb('s.status', '=', 'active'), eb('s.starts_at', '<=', now),
    eb.or([eb('s.ends_at', '>', now), eb('s.grace_until', '>', now)]),
  ]);
}

export class KyselySubscriptionRepository extends QueryRepository implements SubscriptionRepository {
  /** The subscription running now, if any (a paid one only once its invoice is paid: `active`). */
  current(profileId: number): Promise<SubscriptionRow | undefined> {
    const now = this.access.now();
    return this.access.read(async (db) => {
      const row = await db.selectFrom('subscriptions as s').selectAll('s').where('s.profile_id', '=', profileId).where(runningAt(now))
        .orderBy('s.starts_at', 'desc').orderBy('s.id', 'desc').limit(1).executeTakeFirst();
      return row && subscriptionRow(row);
    });
  }

  find(id: number): Promise<SubscriptionRow | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
      return row && subscriptionRow(row);
    });
  }

  /** A business's subscriptions, newest first. */
  findByProfile(profileId: number, limit: number): Promise<SubscriptionRow[]> {
    return this.access.read(async (db) => (await db.selectFrom('subscriptions').selectAll().where('profile_id', '=', profileId)
      .orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(limit).execute()).map(subscriptionRow));
  }

  /** The period that renews this one (pending or active), if it has been invoiced. */
  findRenewal(subscriptionId: number): Promise<SubscriptionRow | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('subscriptions').selectAll().where('renews_subscription_id', '=', subscriptionId).where('status', '!=', 'cancelled').executeTakeFirst();
      return row && subscriptionRow(row);
    });
  }

  /** The subscription an invoice bills, if any. */
  findByInvoice(invoiceId: number): Promise<SubscriptionRow | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('subscriptions').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
      return row && subscriptionRow(row);
    });
  }

  /** A paid subscription waiting for its first invoice (one per business at a time: a unique index holds it). */
  findPending(profileId: number): Promise<SubscriptionRow | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('subscriptions').selectAll().where('profile_id', '=', profileId).where('status', '=', 'pending')
        .where('renews_subscription_id', 'is', null).executeTakeFirst();
      return row && subscriptionRow(row);
    });
  }

  /**
   * Locks a business's row to this transaction (PostgreSQL; SQLite's one writer serialises transactions already), so
   * two plan changes of one business at once take turns, each seeing what the other left.
   */
  lockProfile(profileId: number): Promise<void> {
    return this.access.read(async (db) => {
      if (isPostgres(db)) await db.selectFrom('profiles').select('id').where('id', '=', profileId).forUpdate().execute();
    });
  }

  /**
   * Active paid periods ending before `before` that renew (not cancelled before their end) and have no renewal yet:
   * the renewal invoice is due.
   */
  findRenewalsDue(before: string, limit: number): Promise<SubscriptionRow[]> {
    return this.access.read(async (db) => (await db.selectFrom('subscriptions as s').selectAll('s').where('s.kind', '=', 'paid').where('s.status', '=', 'active')
      .where('s.closed_at', 'is', null).where('s.ends_at', '<=', before)
      .where((eb) => eb.or([eb('s.cancel_at', 'is', null), eb('s.ends_at', '<', eb.ref('s.cancel_at'))]))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('subscriptions as r').select('r.id').whereRef('r.renews_subscription_id', '=', 's.id').where('r.status', '!=', 'cancelled'))))
      .orderBy('s.ends_at').limit(limit).execute()).map(subscriptionRow));
  }

  /**
   * Active subscriptions whose period has ended and whose end has not been dealt with yet, oldest first; one whose grace
   * is mailed waits until the grace is over (so a long grace never starves the others of the batch).
   */
  findEndedOpen(limit: number): Promise<SubscriptionRow[]> {
    const now = this.access.now();
    return this.access.read(async (db) => (await db.selectFrom('subscriptions').selectAll().where('status', '=', 'active').where('closed_at', 'is', null)
      .where('ends_at', '<=', now)
      .where((eb) => eb.or([eb('grace_mailed_at', 'is', null), eb('grace_until', 'is', null), eb('grace_until', '<=', now)]))
      .orderBy('ends_at').limit(limit).execute()).map(subscriptionRow));
  }

  hasHadTrial(profileId: number): Promise<boolean> {
    return this.access.read(async (db) => (await db.selectFrom('subscriptions').select('id').where('profile_id', '=', profileId).where('kind', '=', 'trial').executeTakeFirst()) !== undefined);
  }

  /** Writes a subscription (a trial, active; a paid one, pending until its invoice is paid). */
  insert(subscription: NewSubscription): Promise<number> {
    const now = this.access.now();
    return this.access.write(async (db) => Number((await db.insertInto('subscriptions').values({
      profile_id: subscription.profile_id, plan: subscription.plan, kind: subscription.kind, starts_at: subscription.starts_at, ends_at: subscription.ends_at,
      tokens: subscription.tokens, status: subscription.status ?? 'active', period: subscription.period ?? null, invoice_id: subscription.invoice_id ?? null,
      term_starts_at: subscription.term_starts_at ?? null, renews_subscription_id: subscription.renews_subscription_id ?? null,
      replaces_subscription_id: subscription.replaces_subscription_id ?? null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id));
  }

  update(id: number, change: SubscriptionChange): Promise<void> {
    return this.access.write(async (db) => {
      if (Object.keys(change).length > 0) await db.updateTable('subscriptions').set(change).where('id', '=', id).execute();
    });
  }

  /** Takes `tokens` from the subscription; false (nothing taken) when it has fewer left. */
  spendTokens(subscriptionId: number, tokens: number): Promise<boolean> {
    return this.access.write(async (db) => Number((await db.updateTable('subscriptions').set((eb) => ({ tokens_used: eb('tokens_used', '+', tokens) }))
      .where('id', '=', subscriptionId).where(sql<boolean>`tokens_used + ${tokens} <= tokens`).executeTakeFirst()).numUpdatedRows) === 1);
  }

  /**
   * The subscription an invoice bills becomes active (its invoice was paid); an upgrade ends the period it replaces
   * now. False when none was waiting for it.
   */
  activateByInvoice(invoiceId: number): Promise<boolean> {
    const now = this.access.now();
    return this.access.write(async (db) => {
      const activated = await db.updateTable('subscriptions').set({ status: 'active' }).where('invoice_id', '=', invoiceId).where('status', '=', 'pending')
        .returning(['replaces_subscription_id']).executeTakeFirst();
      if (!activated) return false;
      const replaced = orNull(activated.replaces_subscription_id);
      if (replaced !== null) await db.updateTable('subscriptions').set({ ends_at: now, grace_until: null, closed_at: now }).where('id', '=', replaced).execute();
      return true;
    });
  }

  /**
   * Gives every business the plan its running subscription names (FREE without one), with its ads (all but removed
   * ones). Returns the businesses that changed and the ads' ids (the caller reindexes them and names their tags).
   * `profileIds` narrows it to some businesses.
   */
  applyPlans(profileIds?: readonly number[]): Promise<{ profiles: { id: number; plan: string }[]; posts: number[] }> {
    const now = this.access.now();
    return this.access.write(async (db) => {
      // Only businesses a subscription ever touched follow one (the demo catalogue's plans are its own).
      let query = db.selectFrom('profiles as pr').select(['pr.id', 'pr.plan']).select((eb) => eb.selectFrom('subscriptions as s').select('s.plan')
        .whereRef('s.profile_id', '=', 'pr.id').where(runningAt(now)).orderBy('s.starts_at', 'desc').orderBy('s.id', 'desc').limit(1).as('running'))
        .where('pr.id', 'in', (eb) => eb.selectFrom('subscriptions as s').select('s.profile_id').where('s.status', '=', 'active'));
      if (profileIds) {
        if (profileIds.length === 0) return { profiles: [], posts: [] };
        query = query.where('pr.id', 'in', [...profileIds]);
      }
      const rows = await query.execute();
      const changed = rows.map((row) => ({ id: Number(row.id), plan: (row.running as string | null) ?? 'FREE', was: row.plan })).filter((row) => row.plan !== row.was);
      const posts: number[] = [];
      for (const profile of changed) {
        await db.updateTable('profiles').set({ plan: profile.plan, updated_at: now }).where('id', '=', profile.id).execute();
        const ids = await db.updateTable('posts').set({ plan: profile.plan }).where('profile_id', '=', profile.id).where('status', '!=', 'removed').returning('id').execute();
        posts.push(...ids.map((row) => Number(row.id)));
      }
      return { profiles: changed.map(({ id, plan }) => ({ id, plan })), posts };
    });
  }

  /** The paid plans of an account's businesses stop renewing at their period's end (a suspension's). */
  stopRenewing(ownerId: number): Promise<void> {
    return this.access.write(async (db) => {
      const owned = db.selectFrom('profiles').select('id').where('owner_user_id', '=', ownerId);
      await db.updateTable('subscriptions').set({ cancel_at: sql<string>`ends_at` }).where('profile_id', 'in', owned).where('kind', '=', 'paid')
        .where('status', '=', 'active').where('closed_at', 'is', null).where((eb) => eb.or([eb('cancel_at', 'is', null), eb('cancel_at', '>', eb.ref('ends_at'))])).execute();
    });
  }

  /** The ads of a business that are live or expired (renewable) with how much of each per-ad limit they use. */
  findPostSizes(profileId: number): Promise<PostSizeRow[]> {
    return this.access.read(async (db) => (await db.selectFrom('posts as p').select(['p.id', 'p.title'])
      .select((eb) => [
        eb.selectFrom('post_categories as x').select(eb.fn.countAll().as('n')).whereRef('x.post_id', '=', 'p.id').as('categories'),
        eb.selectFrom('post_keywords as x').select(eb.fn.countAll().as('n')).whereRef('x.post_id', '=', 'p.id').as('keywords'),
        eb.selectFrom('post_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select(eb.fn.countAll().as('n')).whereRef('x.post_id', '=', 'p.id').where('m.kind', '=', 'image').as('images'),
        eb.selectFrom('post_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select(eb.fn.countAll().as('n')).whereRef('x.post_id', '=', 'p.id').where('m.kind', '=', 'video').as('videos'),
        eb.selectFrom('post_documents as x').select(eb.fn.countAll().as('n')).whereRef('x.post_id', '=', 'p.id').as('documents'),
      ])
      .where('p.profile_id', '=', profileId).where('p.status', 'in', ['active', 'expired']).orderBy('p.id').execute()).map((row) => ({
      id: Number(row.id), title: row.title, categories: count(row.categories), keywords: count(row.keywords), images: count(row.images),
      videos: count(row.videos), documents: count(row.documents),
    })));
  }
}
