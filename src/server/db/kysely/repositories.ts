/**
 * The repositories of the data seam (../repositories.ts), each a class written once over the query layer (decision 0012,
 * issue 61) and built on one way of reaching the database: the backend's own reads and writes, or an open transaction.
 * A backend adds what it keeps its own way: its subclasses of the catalogue's, suggestions', sitemaps' and maintenance
 * repositories answer from its search index and run its migrations.
 */
import { KyselyReportedDetailRepository } from './reported-details.ts';
import { KyselyListingSignalRepository } from './listing-signals.ts';
import type { CatalogRepository, MaintenanceRepository, Repositories, SitemapRepository, SuggestionRepository } from '../repositories.ts';
import { KyselyAdvertiserRepository } from './advertiser-profiles.ts';
import { KyselyAuthRepository } from './auth.ts';
import { KyselyCacheRepository } from './cache.ts';
import { KyselyConversationEventRepository } from './conversation-events.ts';
import { KyselyMessageRepository } from './conversation-messages.ts';
import { KyselyOfferRepository } from './conversation-offers.ts';
import { KyselyConversationReportRepository } from './conversation-safety.ts';
import { KyselyConversationRepository } from './conversations.ts';
import { KyselyCounterRepository } from './counters.ts';
import { KyselyEngagementRepository } from './engagement.ts';
import { KyselyEnquiryRepository } from './enquiries.ts';
import { KyselyFollowRepository } from './follows.ts';
import { KyselyInsightsRepository } from './insights.ts';
import { KyselyInvoiceRepository } from './invoice-repository.ts';
import { KyselyJobRepository } from './jobs.ts';
import { KyselyLeadRepository } from './leads.ts';
import { KyselyListingRepository } from './listing-repository.ts';
import { KyselyModerationRepository } from './moderation.ts';
import { KyselyOperatorRepository } from './operator.ts';
import { KyselyOutboxRepository } from './outbox.ts';
import { KyselyPaymentRepository } from './payment-repository.ts';
import { KyselyReviewScoreRepository } from './review-scores.ts';
import { KyselySavedSearchRepository } from './saved-searches.ts';
import { KyselyListingStatsRepository } from './stats.ts';
import { KyselySubscriptionRepository } from './subscription-repository.ts';
import { KyselyTrustRepository } from './trust.ts';
import { KyselyUploadRepository } from './uploads.ts';
import { KyselyUserRepository } from './users.ts';
import { KyselyVerificationRepository } from './verifications.ts';
import type { QueryAccess } from './query-access.ts';

export type { QueryAccess, SearchIndexWrites } from './query-access.ts';

/** A backend's own repositories: subclasses of the query layer's, adding what it answers from its search index. */
export interface BackendRepositories {
  catalog: CatalogRepository;
  suggestions: SuggestionRepository;
  sitemap: SitemapRepository;
  maintenance: MaintenanceRepository;
}

export type DataRepositories = Omit<Repositories, 'transaction' | 'close'>;

/** Every repository over one way of reaching the database, with the backend's own. */
export function repositoriesOver(access: QueryAccess, backend: BackendRepositories): DataRepositories {
  return {
    ...backend,
    verifications: new KyselyVerificationRepository(access),
    trust: new KyselyTrustRepository(access),
    reviewScores: new KyselyReviewScoreRepository(access),
    engagement: new KyselyEngagementRepository(access),
    uploads: new KyselyUploadRepository(access),
    follows: new KyselyFollowRepository(access),
    enquiries: new KyselyEnquiryRepository(access),
    stats: new KyselyListingStatsRepository(access),
    users: new KyselyUserRepository(access),
    auth: new KyselyAuthRepository(access),
    counters: new KyselyCounterRepository(access),
    jobs: new KyselyJobRepository(access),
    outbox: new KyselyOutboxRepository(access),
    cache: new KyselyCacheRepository(access),
    advertiser: new KyselyAdvertiserRepository(access),
    listings: new KyselyListingRepository(access),
    leads: new KyselyLeadRepository(access),
    conversations: new KyselyConversationRepository(access),
    messages: new KyselyMessageRepository(access),
    conversationReports: new KyselyConversationReportRepository(access),
    reportedDetails: new KyselyReportedDetailRepository(access),
    listingSignals: new KyselyListingSignalRepository(access),
    offers: new KyselyOfferRepository(access),
    conversationEvents: new KyselyConversationEventRepository(access),
    insights: new KyselyInsightsRepository(access),
    invoices: new KyselyInvoiceRepository(access),
    subscriptions: new KyselySubscriptionRepository(access),
    payments: new KyselyPaymentRepository(access),
    operator: new KyselyOperatorRepository(access),
    moderation: new KyselyModerationRepository(access),
    savedSearches: new KyselySavedSearchRepository(access),
  };
}
