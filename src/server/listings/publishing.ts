/**
 * An ad going live (issue 39, decision 0027): published by its owner, approved by an operator after an automatic check
 * held it, paid for, renewed, and expired by the minute's sweep. Each runs in one transaction on the ad's locked row:
 * the state is read there, the lifecycle table decides, the status moves by compare-and-set, and tokens, the invoice,
 * the search rows, the cache tags, the audit row, the mail and the instant alerts go in the same transaction. A second
 * command that finds the ad moved gets a 409 and changes nothing. What costs is done only once its owner confirmed the
 * quote.
 */
import { AD_RULES, ringgit } from '../../shared/plans.ts';
import { audit } from '../audit-log.ts';
import type { Repositories } from '../db/repositories.ts';
import type { OwnPostRow } from '../db/rows.ts';
import { invalid } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { command } from '../command.ts';
import { adCommand, asOperator, asOwner, conflict, loadPost, ownerOf, requireAllowed, SYSTEM, type Acting, type LoadedPost } from './access.ts';
import { postsChanged } from '../changes.ts';
import { allowed, renewable, stateOf } from './lifecycle.ts';
import type { CheckedAd, ListingDeps } from './deps.ts';
import type { PaymentRequired } from './drafts.ts';
import { dashboardLink, decisionLines, mailAccount } from './mails.ts';
import { planOfPost, publishCost, quoteOf, type Quote } from './quote.ts';
import { say, word } from '../../shared/said.ts';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** What going live answered: nothing (live), the invoice to pay, or the checks that hold it for an operator. */
export interface LiveOutcome {
  payment?: PaymentRequired;
  held?: { checks: string[]; message: string };
}

/** When an ad going live (or renewed) now expires: 30 days on, a draft job's first time at most its own closing date. */
function expiryOf(post: OwnPostRow, now: number, renewal: boolean): string {
  const ownExpiry = post.type === 'jobs' && !renewal && post.expires_at && Date.parse(post.expires_at) > now ? Date.parse(post.expires_at) : Number.POSITIVE_INFINITY;
  return iso(Math.min(now + AD_RULES.adDays * DAY_MS, ownExpiry));
}

/** A 409 that carries the quote: the step costs, and its owner has not confirmed it (or the price changed since). */
const confirmFirst = (quote: Quote) => conflict('confirm_quote', { quote: word(quote.message) }, { quote });

/** The quote of publishing (a draft) or renewing (an expired ad) the owner's ad, as it stands now. */
export async function publishQuote(deps: ListingDeps, actor: Actor, id: number): Promise<Quote> {
  const acting = asOwner(actor);
  const loaded = await loadPost(deps.repos, acting, id);
  const renewal = loaded.post.status !== 'draft';
  requireAllowed(renewal ? 'renew' : 'publish', acting, loaded);
  return quoteFor(deps, deps.repos, loaded.post, renewal);
}

async function quoteFor(deps: ListingDeps, repos: Repositories, post: OwnPostRow, renewal: boolean): Promise<Quote> {
  const plan = await planOfPost(repos, post);
  return quoteOf(deps, renewal ? 'renew' : 'publish', await publishCost(repos, plan, ownerOf(post)!, renewal), plan);
}

/**
 * Inside the command's transaction: the ad goes live for free or a token, or is invoiced and waits for payment. The
 * cost is decided here, with the account locked (its first ad is free: two at once make one free), and must be what
 * the owner confirmed.
 */
async function goLive(deps: ListingDeps, tx: Repositories, loaded: LoadedPost, options: { renewal: boolean; confirmed: boolean }): Promise<LiveOutcome> {
  const { post } = loaded;
  const ownerId = ownerOf(post);
  if (ownerId === null) throw invalid('ad', 'ad_no_owner');
  await tx.listings.lockAccount(ownerId);
  const plan = await planOfPost(tx, post);
  const cost = await publishCost(tx, plan, ownerId, options.renewal);
  if (cost.kind !== 'free' && !options.confirmed) throw confirmFirst(quoteOf(deps, options.renewal ? 'renew' : 'publish', cost, plan));
  if (cost.kind === 'money') {
    const profile = (await tx.advertiser.findProfile(post.profile_id))!;
    const invoice = loaded.awaiting
      ? { ...loaded.awaiting, total_sen: (await tx.invoices.find(loaded.awaiting.id))!.total_sen }
      : await deps.billing.invoice(tx, { userId: ownerId, profileId: profile.kind === 'business' ? profile.id : null, name: profile.name, companyNo: profile.company_no }, {
        description: `${options.renewal ? 'Renewal of the ad' : 'Ad'} "${post.title}" (${post.type}, PAY-PER-POST)`, unit_sen: cost.amountSen, purpose: 'ad', post_id: post.id,
      });
    // Approved: its hold ends; it waits for the payment now.
    if (post.held_reason !== null) await tx.listings.move(post.id, { from: [post.status], status: post.status, heldReason: null });
    const price = deps.billing.price(cost.amountSen);
    return {
      payment: {
        ...price, total_sen: invoice.total_sen, invoice_id: invoice.id, invoice_number: invoice.number,
        message: say(options.renewal ? 'api_renew_invoice_issued' : 'api_publish_invoice_issued', { amount: ringgit(cost.amountSen), number: invoice.number, total: ringgit(invoice.total_sen) }),
      },
    };
  }
  if (cost.kind === 'tokens' && !(await tx.subscriptions.spendTokens(cost.subscriptionId, cost.tokens))) throw conflict('plan_no_tokens_left');
  const now = deps.clock.now();
  const moved = await tx.listings.move(post.id, {
    from: [post.status], status: 'active', heldReason: null, moderationReason: null, publishedAt: post.live ? undefined : iso(now), expiresAt: expiryOf(post, now, options.renewal),
    ...(post.first_live_at === null ? { firstLiveAt: iso(now) } : {}), plan: plan.plan, tokens: cost.kind === 'tokens' ? cost.tokens : 0,
  });
  if (!moved) throw conflict('ad_changed_reload');
  // It went live another way than the invoice it waited on: that invoice is voided, keeping its number.
  if (loaded.awaiting) await deps.billing.void(tx, loaded.awaiting.id, `The ad went live ${cost.kind === 'tokens' ? 'on a token of the plan' : 'as the account\'s free ad'} instead`);
  await postsChanged(tx, [post.id]);
  if (post.first_live_at === null) await deps.alerts(tx);
  return {};
}

/** What an ad needs before it can go live: a place (hireme ads need none). */
async function checkPublishable(repos: Repositories, post: OwnPostRow): Promise<void> {
  if (post.type === 'hireme') return;
  if ((await repos.catalog.findPostLocations([post.id])).length === 0) {
    throw invalid('locations', 'add_location_business_first_ad');
  }
}

interface OnAd { acting: Acting; id: number; deps: ListingDeps }

const publishing = adCommand<OnAd & { held: CheckedAd; confirm: boolean }, LiveOutcome>('publish', {
  run: async (tx, loaded, { deps, id, held, confirm }) => {
    if (held.fingerprint !== null) await tx.listings.setTextFingerprint(id, held.fingerprint);
    if (held.checks.length > 0) {
      // The hold this ad gets, and the ads it implicates with it.
      const hold = { heldReason: held.checks.join(','), heldSignals: JSON.stringify(held.signals) };
      if (!(await tx.listings.move(id, { from: ['draft'], status: 'draft', ...hold, moderationReason: null }))) throw conflict('ad_changed_meanwhile');
      await postsChanged(tx, [id]);
      await holdBack(deps, tx, held, hold);
      return { held: { checks: held.checks, message: held.message } };
    }
    return goLive(deps, tx, loaded, { renewal: false, confirmed: confirm });
  },
});

/**
 * The ads a new ad's checks implicate (a first-day burst's, the same text's from new accounts) go to the operator's
 * review with it, in its transaction, with the same checks, so the held queue lists them; their owners are mailed why.
 * A live one is hidden; one waiting for its invoice is held as a draft and its unpaid invoice voided (once approved, it
 * is quoted again), so a payment cannot put it live unreviewed. Others (a plain draft, one held or gone) are left as
 * they are.
 */
async function holdBack(deps: ListingDeps, tx: Repositories, held: CheckedAd, hold: { heldReason: string; heldSignals: string }): Promise<void> {
  const moved: number[] = [];
  for (const id of held.implicated) {
    const { post, state, awaiting } = await loadPost(tx, SYSTEM, id, { lock: true });
    if (allowed('holdBack', state, 'system') !== 'yes') continue;
    const unpaid = state === 'awaiting_payment' && post.status === 'draft' && awaiting !== undefined;
    const done = unpaid
      ? await tx.listings.move(id, { from: ['draft'], status: 'draft', held: 'none', ...hold })
      : post.status === 'active' && await tx.listings.move(id, { from: ['active'], status: 'hidden', hiddenBy: 'post', ...hold });
    if (!done) continue;
    if (unpaid) await deps.billing.void(tx, awaiting.id, 'The ad waits for our review');
    moved.push(id);
    await mailAccount(deps, tx, ownerOf(post), say('mail_ad_held_back_subject', { title: post.title }), [
      say(unpaid ? 'mail_ad_held_unpaid' : 'mail_ad_held_back', { title: post.title, why: held.heldBackReason, ...(unpaid ? { number: awaiting.number } : {}) }), dashboardLink(deps, id),
    ]);
  }
  await postsChanged(tx, moved);
}

/**
 * The owner publishes a draft (or a refused ad, or one waiting for its invoice, now perhaps on a token). The
 * automatic checks run first (outside the transaction: they read the whole ad); a flagged ad is held for an operator
 * and costs nothing yet. A step that costs needs `confirm`, else a 409 with the quote and nothing changes.
 */
export async function publish(deps: ListingDeps, actor: Actor, id: number, options: { confirm: boolean }): Promise<LiveOutcome> {
  const acting = asOwner(actor);
  const before = await loadPost(deps.repos, acting, id);
  requireAllowed('publish', acting, before);
  if (before.post.status !== 'draft') throw conflict('renew_ad_instead');
  await checkPublishable(deps.repos, before.post);
  const quote = await quoteFor(deps, deps.repos, before.post, false);
  if (quote.confirm_required && !options.confirm) throw confirmFirst(quote);
  const held = before.state === 'awaiting_payment'
    ? { checks: [], message: '', signals: [], fingerprint: null, implicated: [], heldBackReason: '' }
    : await deps.checks(before.post, ownerOf(before.post)!);
  return publishing(deps.repos, { deps, acting, id, held, confirm: options.confirm });
}

/** Refuses a renewal of an ad that is a draft, or not yet in its last week. */
function refuseRenewal(post: OwnPostRow, now: number): void {
  if (post.status === 'draft') throw conflict('publish_ad_instead');
  if (!renewable(post, now)) throw conflict('renew_only_expired');
}

const renewing = adCommand<OnAd, LiveOutcome>('renew', {
  allow: ({ post }, { deps }) => refuseRenewal(post, deps.clock.now()),
  run: (tx, loaded, { deps }) => goLive(deps, tx, loaded, { renewal: true, confirmed: true }),
});

/** The owner renews an expired ad (or a live one in its last week) for another 30 days: a token or an ad's price. */
export async function renew(deps: ListingDeps, actor: Actor, id: number, options: { confirm: boolean }): Promise<LiveOutcome> {
  const acting = asOwner(actor);
  const before = await loadPost(deps.repos, acting, id);
  requireAllowed('renew', acting, before);
  refuseRenewal(before.post, deps.clock.now());
  const quote = await quoteFor(deps, deps.repos, before.post, true);
  if (!options.confirm) throw confirmFirst(quote);
  return renewing(deps.repos, { deps, acting, id });
}

const approving = adCommand<OnAd & { actor: Actor; client: string }, LiveOutcome>('approve', {
  run: async (tx, loaded, { deps, actor, client, id }) => {
    const { post } = loaded;
    if (post.status === 'hidden') return showHeldBack(deps, tx, post, { actor, client });
    // Its owner confirmed the step when they published it; the checks are the operator's now.
    const outcome = await goLive(deps, tx, loaded, { renewal: false, confirmed: true });
    await audit(tx, actor, client, { action: 'ad.approve', target: { type: post.type, id }, before: { status: 'draft', held: post.held_reason }, after: { status: outcome.payment ? 'awaiting_payment' : 'active' } });
    await mailAccount(deps, tx, ownerOf(post), say('mail_ad_approved_subject', { title: post.title }), [
      outcome.payment ? say('mail_ad_checked_payment', { title: post.title, payment: word(outcome.payment.message) }) : say('mail_ad_checked_live', { title: post.title }),
      dashboardLink(deps, id),
    ]);
    return outcome;
  },
});

/** Approving an ad the checks held back: it shows again as it was (its time and its payment unchanged); its owner is mailed. */
async function showHeldBack(deps: ListingDeps, tx: Repositories, post: OwnPostRow, { actor, client }: { actor: Actor; client: string }): Promise<LiveOutcome> {
  if (!(await tx.listings.unhidePost(post.id))) throw conflict('ad_decided_already');
  await postsChanged(tx, [post.id]);
  await audit(tx, actor, client, { action: 'ad.approve', target: { type: post.type, id: post.id }, before: { status: 'hidden', held: post.held_reason }, after: { status: 'active' } });
  await mailAccount(deps, tx, ownerOf(post), say('mail_ad_approved_subject', { title: post.title }), [say('mail_ad_checked_live', { title: post.title }), dashboardLink(deps, post.id)]);
  return {};
}

/** An operator approves a held ad: it goes live as its owner asked (a token, or an invoice to pay); they are mailed. */
export function approve(deps: ListingDeps, actor: Actor, client: string, id: number): Promise<LiveOutcome> {
  return approving(deps.repos, { deps, acting: asOperator(actor, client), actor, client, id });
}

const refusing = adCommand<OnAd & { actor: Actor; client: string; reason: string }, void>('refuse', {
  run: async (tx, { post }, { deps, actor, client, id, reason }) => {
    // A held-back ad stays hidden, refused; a held draft stays a draft, refused.
    if (!(await tx.listings.move(id, { from: [post.status], status: post.status, held: 'checks', heldReason: 'refused', moderationReason: reason }))) throw conflict('ad_decided_already');
    await audit(tx, actor, client, { action: 'ad.refuse', target: { type: post.type, id }, reason, before: { held: post.held_reason }, after: { held: 'refused' } });
    await mailAccount(deps, tx, ownerOf(post), say('mail_ad_refused_subject', { title: post.title }), decisionLines(deps, say('mail_ad_refused', { title: post.title }), reason));
  },
});

/** An operator refuses a held ad with a reason: it stays a draft, refused; its owner is told why. */
export function refuse(deps: ListingDeps, actor: Actor, client: string, id: number, reason: string): Promise<void> {
  return refusing(deps.repos, { deps, acting: asOperator(actor, client), actor, client, id, reason });
}

/**
 * The invoice billing an ad is paid (billing's fulfilment, in its transaction): a draft or expired ad goes live for 30
 * days (a live one in its last week, renewed, for 30 days from now). One that can no longer go live (removed, or hidden
 * by a moderator) never does: its invoice is credited in full and the payment refunded.
 */
export function publishPaid(deps: ListingDeps, tx: Repositories, postId: number, invoiceId: number): Promise<void> {
  return payingOff(tx, { deps, id: postId, invoiceId });
}

const payingOff = command<{ deps: ListingDeps; id: number; invoiceId: number }, LoadedPost, void>({
  // The ad as it stood waiting on this invoice (paid now, so no longer open).
  load: async (tx, { id }) => {
    const loaded = await loadPost(tx, SYSTEM, id, { lock: true });
    return { ...loaded, state: stateOf(loaded.post, true) };
  },
  allow: (loaded) => requireAllowed('publishPaid', SYSTEM, loaded),
  run: async (tx, { post }, { deps, invoiceId }) => {
    const business = await tx.advertiser.findProfile(post.profile_id);
    if (post.status === 'removed' || post.status === 'hidden' || business?.hidden) {
      await deps.billing.creditPaid(tx, invoiceId, post.status === 'removed' ? 'removed' : 'hidden');
      return;
    }
    const now = deps.clock.now();
    const renewal = post.first_live_at !== null;
    const moved = await tx.listings.move(post.id, {
      from: [post.status], status: 'active', heldReason: null, expiresAt: expiryOf(post, now, renewal), amountSen: AD_RULES.perPostSen,
      ...(post.live ? {} : { publishedAt: iso(now) }), ...(post.first_live_at === null ? { firstLiveAt: iso(now) } : {}),
    });
    if (!moved) throw conflict('ad_changed_meanwhile');
    await postsChanged(tx, [post.id]);
    if (post.first_live_at === null) await deps.alerts(tx);
  },
});

/** The minute's sweep: live ads past their expiry become expired and leave search; answers how many. */
export function expire(deps: ListingDeps): Promise<number> {
  return sweeping(deps.repos, undefined);
}

/** The sweep moves every due ad at once: the table is asked once whether the site may expire a live ad. */
const sweeping = command<undefined, undefined, number>({
  load: async () => undefined,
  allow: () => {
    if (allowed('expire', 'live', 'system') !== 'yes') throw conflict('site_does_not_expire');
  },
  run: async (tx) => {
    const ids = await tx.listings.expireDue();
    await postsChanged(tx, ids);
    return ids.length;
  },
});

/**
 * A business's plan went down (billing's subscription lifecycle, in its transaction): its live and expired ads over the
 * new plan's per-ad limits go back to draft, to be trimmed and published again. Answers the ads it moved.
 */
export async function withdraw(tx: Repositories, postIds: readonly number[]): Promise<number[]> {
  const moved: number[] = [];
  for (const id of postIds) {
    const loaded = await loadPost(tx, SYSTEM, id, { lock: true });
    if (allowed('withdraw', loaded.state, 'system') !== 'yes') continue;
    if (await tx.listings.move(id, { from: [loaded.post.status], status: 'draft' })) moved.push(id);
  }
  await postsChanged(tx, moved);
  return moved;
}
