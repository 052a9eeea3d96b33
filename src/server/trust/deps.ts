/**
 * What the trust signals are given, and nothing more (issue 60), as the listings' ListingDeps: the repositories, the
 * clock, and what a phone badge's code needs (the outbox and the code-send limits; accounts/codes.ts). `trust/`
 * imports no composition root and no AppContext.
 */
import type { CodeDeps } from '../accounts/codes.ts';

export type TrustDeps = CodeDeps;
