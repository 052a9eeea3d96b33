/**
 * Writing an ad (issue 39): a new draft, and an amendment of any ad its owner may still change. The advertiser site
 * checks the form and the plan's limits (advertiser/posts.ts) and hands over the content; here it is stored, with its
 * uploads marked used, its history and what it cost, in one transaction.
 */
import { ringgit } from '../../shared/plans.ts';
import type { ListingType } from '../../shared/constants.ts';
import type { Repositories } from '../db/repositories.ts';
import type { PostContent } from '../db/rows.ts';
import type { Actor } from '../policies.ts';
import { command, type Transactional } from '../command.ts';
import { adCommand, asOwner, conflict, ownerOf, type Acting } from './access.ts';
import { postsChanged } from '../changes.ts';
import type { ListingDeps } from './deps.ts';
import { amendmentCost, planOfPost } from './quote.ts';
import { say } from '../../shared/said.ts';

/** Uploads a form used for the first time: marked attached with the ad. */
interface FreshUploads {
  images: readonly number[];
  documents: readonly number[];
}

async function attach(tx: Repositories, fresh: FreshUploads): Promise<void> {
  if (fresh.images.length > 0) await tx.uploads.attachImages(fresh.images);
  for (const id of fresh.documents) await tx.uploads.attachDocument(id);
}

/** Stores a new draft of the owner's; answers its id. `within`: the caller's open transaction, which it joins. */
export function createDraft(deps: ListingDeps, actor: Actor, draft: Draft, within: Transactional = deps.repos): Promise<{ id: number; slug: string }> {
  return creating(within, { actor, draft });
}

type Draft = { type: ListingType; profileId: number; plan: string; slug: string | ((id: number) => string); content: PostContent; fresh: FreshUploads };

// A new ad has nothing to load: whose business it goes under is the advertiser site's check (ownedProfile).
const creating = command<{ actor: Actor; draft: Draft }, undefined, { id: number; slug: string }>({
  load: async () => undefined,
  run: async (tx, _none, { actor, draft }) => {
    const created = await tx.listings.createPost({ type: draft.type, profileId: draft.profileId, ownerUserId: actor.id, plan: draft.plan, slug: draft.slug, content: draft.content });
    await attach(tx, draft.fresh);
    await postsChanged(tx, [created.id]);
    return created;
  },
});

/** A step that cost ringgit: the invoice that bills it. */
export interface PaymentRequired {
  amount_sen: number;
  sst_sen: number;
  total_sen: number;
  invoice_id: number;
  invoice_number: string;
  message: string;
}

/** An edit as the ad's history records it, field by field (old and new as JSON). */
export type FieldChange = { field: string; oldValue: string | null; newValue: string | null };

/**
 * Amends an ad: a draft, a held, refused or unpaid one changes freely; a live ad's amendment is free for a day, then
 * costs a token or RM30 (spec §9), applied and invoiced. `history(tx)` answers the fields the edit changed, read
 * before and after the write in the same transaction.
 */
export function amend(deps: ListingDeps, actor: Actor, id: number, edit: Edit, within: Transactional = deps.repos): Promise<{ payment?: PaymentRequired }> {
  return amending(within, { deps, acting: asOwner(actor), actor, id, edit });
}

type Edit = { type: ListingType; content: PostContent; fresh: FreshUploads; history: (tx: Repositories, write: () => Promise<void>) => Promise<FieldChange[]> };

const amending = adCommand<{ deps: ListingDeps; acting: Acting; actor: Actor; id: number; edit: Edit }, { payment?: PaymentRequired }>('amend', {
  allow: ({ post }, { edit }) => {
    if (post.type !== edit.type) throw conflict('ad_type_changed');
  },
  run: async (tx, loaded, { deps, actor, edit }) => {
    const { post } = loaded;
    const plan = await planOfPost(tx, post);
    const cost = post.live ? amendmentCost(plan, post.published_at, deps.clock.now()) : { kind: 'free' as const };
    if (cost.kind === 'tokens') {
      if (!(await tx.subscriptions.spendTokens(cost.subscriptionId, cost.tokens))) throw conflict('plan_no_tokens_left');
      await tx.listings.move(post.id, { from: [post.status], status: post.status, tokens: cost.tokens });
    }
    const changes = await edit.history(tx, async () => {
      await tx.listings.updatePost(post.id, post.type, edit.content);
      await attach(tx, edit.fresh);
    });
    await tx.listings.insertPostChanges(post.id, actor.id, changes);
    await postsChanged(tx, [post.id]);
    if (cost.kind !== 'money') return {};
    // A PAY-PER-POST amendment after its free day is applied, and invoiced.
    const profile = (await tx.advertiser.findProfile(post.profile_id))!;
    const invoice = await deps.billing.invoice(tx, { userId: ownerOf(post) ?? actor.id, profileId: profile.kind === 'business' ? profile.id : null, name: profile.name, companyNo: profile.company_no }, {
      description: `Amendment of the ad "${post.title}" (${post.type}, PAY-PER-POST)`, unit_sen: cost.amountSen, purpose: 'amendment', post_id: post.id,
    });
    const price = deps.billing.price(cost.amountSen);
    return {
      payment: {
        ...price, total_sen: invoice.total_sen, invoice_id: invoice.id, invoice_number: invoice.number,
        message: say('api_amend_invoice_issued', { amount: ringgit(cost.amountSen), number: invoice.number, total: ringgit(invoice.total_sen) }),
      },
    };
  },
});
