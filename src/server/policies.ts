/**
 * Who may do what (decision 0016): every authorization rule of the product lives here, as a pure function of the
 * person asking and the thing asked about. Services load the thing, ask the policy, and answer 404 (reading) or
 * 403 (acting) when it says no; routes and SQL never decide. Reading another person's thing is a 404, never a 403
 * that says it exists.
 */
import type { EnquiryRow, ListingRef, PostRow, ProfileRow } from './db/rows.ts';

/** The signed-in person asking: their id and roles (a visitor signed out is no actor: every policy needs one). */
export interface Actor {
  id: number;
  roles: readonly string[];
}

/** The roles: `advertiser` is self-granted (POST account/upgrade); `operator` only by `npm run operator -- grant`. */
export type Role = 'advertiser' | 'operator';

export function hasRole(actor: Actor, role: Role): boolean {
  return actor.roles.includes(role);
}

/** A profile is edited by its one owner. */
export function canEditProfile(actor: Actor, profile: Pick<ProfileRow, 'owner_user_id'>): boolean {
  return profile.owner_user_id !== null && profile.owner_user_id === actor.id;
}

/** A hireme ad is edited by its author; the other types by the owner of the profile they belong to. */
export function canEditPost(actor: Actor, post: Pick<PostRow, 'type' | 'owner_user_id' | 'profile_owner_user_id'>): boolean {
  const owner = post.type === 'hireme' ? post.owner_user_id : post.profile_owner_user_id;
  return owner !== null && owner === actor.id;
}

/**
 * A review is answered by whoever may edit the listing it is about: the profile's owner, or for a post the one
 * canEditPost names (a hireme ad's author, else its business's owner). A hidden review is nobody's to answer.
 */
export function canAnswerReview(actor: Actor, review: { listing: ListingRef; hidden: boolean; post_owner_user_id: number | null; profile_owner_user_id: number | null }): boolean {
  if (review.hidden) return false;
  if (review.listing.type === 'profile') return review.profile_owner_user_id !== null && review.profile_owner_user_id === actor.id;
  return canEditPost(actor, { type: review.listing.type, owner_user_id: review.post_owner_user_id, profile_owner_user_id: review.profile_owner_user_id });
}

/** Ownership moves only through an operator (a claim decided, a transfer asked for). */
export function canTransferOwnership(actor: Actor): boolean {
  return hasRole(actor, 'operator');
}

/** An enquiry (and the CV or document sent with it) is read by whoever sent it. */
export function canReadEnquiry(actor: Actor, enquiry: Pick<EnquiryRow, 'user_id'>): boolean {
  return enquiry.user_id !== null && enquiry.user_id === actor.id;
}

/**
 * A lead (an enquiry as its listing's owner reads it, with its CV or document) is read by the owner of the listing
 * when it was sent: a later owner never gets earlier enquirers' details (issue 26).
 */
export function canReadLead(actor: Actor, enquiry: Pick<EnquiryRow, 'owner_user_id'>): boolean {
  return enquiry.owner_user_id !== null && enquiry.owner_user_id === actor.id;
}

/** An invoice (and its PDF) is read by its buyer only (issue 27). */
export function canReadInvoice(actor: Actor, invoice: { user_id: number | null }): boolean {
  return invoice.user_id !== null && invoice.user_id === actor.id;
}

/** An uploaded image as a form may name it: who sent it, whether a form uses it, and the review it is on, if any. */
export interface UploadedImageUse {
  owner_user_id: number | null;
  attached: boolean;
  /** The review using it (its author and listing), when one does. */
  review: { user_id: number | null; listing: ListingRef } | null;
}

/**
 * A form may use an image its sender uploaded that nothing uses yet; or, when the person edits their review of a
 * listing, the images already on that review (security probe item 16: one upload never serves two forms).
 */
export function canUseUploadedImage(actor: Actor, image: UploadedImageUse, editingReviewOf?: ListingRef): boolean {
  if (image.owner_user_id !== actor.id) return false;
  if (!image.attached) return true;
  return editingReviewOf !== undefined && image.review !== null && image.review.user_id === actor.id
    && image.review.listing.type === editingReviewOf.type && image.review.listing.id === editingReviewOf.id;
}

/** A saved search is its saver's alone (reading another's is a 404). */
export function canManageSavedSearch(actor: Pick<Actor, 'id'>, search: { user_id: number }): boolean {
  return search.user_id === actor.id;
}
