/**
 * The listings core (issue 39, decision 0027): one home for an ad's life. Its public face, for the actors that call it
 * (the advertiser site, the operator console, billing's fulfilment, the jobs) and the composition root that builds its
 * dependencies; nothing outside this folder imports its other files.
 */
export { LIFECYCLE, LISTING_STATES, COMMANDS, allowed, renewable, stateOf, transitionOf, type ListingState, type Command, type ActorKind, type Transition } from './lifecycle.ts';
export { asOperator, asOwner, SYSTEM, ownerOf, loadPost, type Acting, type LoadedPost } from './access.ts';
export type { Buyer, ListingBilling, ListingDeps, Price } from './deps.ts';
export { businessPlan, planOfPost, type BusinessPlan, type Quote } from './quote.ts';
export { amend, createDraft, type FieldChange, type FreshUploads, type PaymentRequired } from './drafts.ts';
export { approve, expire, publish, publishPaid, publishQuote, refuse, renew, withdraw, type LiveOutcome } from './publishing.ts';
export { moderatePost, moderateProfile, removeOwn, restoreOwner, suspendOwner, type ModerationAction } from './moderation.ts';
