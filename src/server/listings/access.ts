/**
 * Who acts on a listing and where it stands (issue 39): an ad loaded for a command, locked to the command's
 * transaction, its state (lifecycle.ts), and the answers a command gives when the table refuses it: a stranger gets a
 * 404 (an ad they may not touch does not exist for them), a wrong actor a 403, a state that moved a 409.
 */
import { command, type Command as Write } from '../command.ts';
import type { Repositories } from '../db/repositories.ts';
import type { OwnPostRow } from '../db/rows.ts';
import { AppError, notFound, type ErrorCode } from '../errors.ts';
import { canEditPost, type Actor } from '../policies.ts';
import { allowed, stateOf, type ActorKind, type Command, type ListingState } from './lifecycle.ts';
import { type SaidParams } from '../../shared/said.ts';

/** Who gives a command: the ad's owner, an operator (audited, with their client), or the site itself (a job, a payment). */
export type Acting =
  | { kind: 'owner'; actor: Actor }
  | { kind: 'operator'; actor: Actor; client: string }
  | { kind: 'system' };

export const asOwner = (actor: Actor): Acting => ({ kind: 'owner', actor });
export const asOperator = (actor: Actor, client: string): Acting => ({ kind: 'operator', actor, client });
export const SYSTEM: Acting = { kind: 'system' };

/** The account an ad belongs to: a hireme ad's author, else its business's owner. */
export const ownerOf = (post: Pick<OwnPostRow, 'type' | 'owner_user_id' | 'profile_owner_user_id'>): number | null =>
  (post.type === 'hireme' ? post.owner_user_id : post.profile_owner_user_id);

/** A 409: the listing is not where the command starts from (another command got there first, or it never was). */
export function conflict(code: ErrorCode, params?: SaidParams, extra: Record<string, unknown> = {}): AppError {
  const error = new AppError(code, params);
  Object.assign(error.extra, extra);
  return error;
}

/** An ad as a command finds it, with its state and its open invoice for going live. */
export interface LoadedPost {
  post: OwnPostRow;
  state: ListingState;
  /** The open invoice billing its going live, if any. */
  awaiting: { id: number; number: string } | undefined;
}

/** Loads an ad and its state (locked to the transaction with `lock`); a 404 for one that does not exist or is not the owner's. */
export async function loadPost(repos: Repositories, acting: Acting, id: number, options: { lock?: boolean } = {}): Promise<LoadedPost> {
  const post = await repos.listings.findPost(id, options);
  if (!post || (acting.kind === 'owner' && !canEditPost(acting.actor, post))) throw notFound('no_such_ad');
  const open = await repos.invoices.findFor(post.id, 'ad');
  const awaiting = open === undefined ? undefined : { id: open, number: (await repos.invoices.find(open))!.number };
  return { post, state: stateOf(post, awaiting !== undefined), awaiting };
}

/** What the owner reads when their ad is not where a command starts from. */
function stateError(command: Command, loaded: LoadedPost): [ErrorCode, SaidParams?] {
  const { state, awaiting } = loaded;
  switch (state) {
    case 'live': return [command === 'publish' ? 'ad_live_already' : 'ad_live'];
    case 'held': return ['ad_held'];
    case 'awaiting_payment': return awaiting ? ['ad_awaits_payment_of', { number: awaiting.number }] : ['ad_awaits_payment'];
    case 'hidden': return ['ad_hidden'];
    case 'removed': return ['ad_removed'];
    case 'expired': return [command === 'publish' ? 'ad_expired_renew' : 'ad_expired'];
    case 'refused': return ['ad_refused'];
    case 'draft': return [command === 'renew' ? 'publish_ad_instead' : 'ad_draft'];
  }
}

/** Refuses a command the lifecycle table does not allow from the ad's state for this actor. */
export function requireAllowed(command: Command, acting: Acting, loaded: LoadedPost): void {
  const verdict = allowed(command, loaded.state, acting.kind as ActorKind);
  if (verdict === 'wrong_actor') throw new AppError('may_not_do_ad');
  if (verdict === 'wrong_state') throw conflict(...stateError(command, loaded), { state: loaded.state });
}

/**
 * A command on one ad (issue 60), on the house's command helper: the ad is loaded in the transaction with its row
 * locked, the lifecycle table judges `name` from its state for the actor (and `allow` any further rule of the
 * command), then `run` makes the change and writes what reports it, in the same transaction.
 */
export function adCommand<Input extends { acting: Acting; id: number }, Result>(name: Command, steps: {
  allow?: (loaded: LoadedPost, input: Input) => void;
  run: (tx: Repositories, loaded: LoadedPost, input: Input) => Promise<Result>;
}): Write<Input, Result> {
  return command<Input, LoadedPost, Result>({
    load: (tx, input) => loadPost(tx, input.acting, input.id, { lock: true }),
    allow: (loaded, input) => {
      requireAllowed(name, input.acting, loaded);
      steps.allow?.(loaded, input);
    },
    run: steps.run,
  });
}
