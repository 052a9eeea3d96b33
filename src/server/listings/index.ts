/**
 * The listings core (issue 39, decision 0027): one home for an ad's life. Its public face, for the actors that call it
 * (the advertiser site, the operator console, billing's fulfilment, the jobs) and the composition root that builds its
 * dependencies; nothing outside this folder imports its other files.
 */
export { LIFECYCLE, LISTING_STATES, allowed, renewable, stateOf, type ListingState, type Command, type ActorKind } from './lifecycle.ts';
export { asOperator, SYSTEM } from './access.ts';
export type { Buyer, ListingBilling, ListingDeps } from './deps.ts';
export { businessPlan, planOfPost, type BusinessPlan } from './quote.ts';
export { amend, createDraft, type FieldChange } from './drafts.ts';
export { approve, expire, publish, publishPaid, publishQuote, refuse, renew, withdraw } from './publishing.ts';
export { moderatePost, moderateProfile, removeOwn, restoreOwner, suspendOwner } from './moderation.ts';
