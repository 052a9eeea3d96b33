import { parseS3Url, type S3StoreConfig } from './media/store.ts';
import { fontSettingValid, invoiceFontOf, type InvoiceFont } from './billing/invoice-font.ts';
import { availableParallelism } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './client-ip.ts';
import { projectRoot } from './project-root.ts';
import { LISTING_TYPES, type ListingType } from '../shared/constants.ts';
import { sayIn } from './say-in.ts';

/** A comma list of postgres://… URLs (unset: none); anything else is refused with `message`. */
function postgresUrlList(message: string) {
  return z.string().optional().transform((value, context) => {
    const urls = (value ?? '').split(',').map((url) => url.trim()).filter(Boolean);
    if (urls.every((url) => /^postgres(ql)?:\/\/[^/]/.test(url) && URL.canParse(url))) return urls;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

const EnvSchema = z.object({
  /**
   * The database: `sqlite:PATH` or `file:PATH` (the embedded default, `sqlite:data/yp.db`), or `postgres://…`.
   * Relative paths are from the project folder.
   */
  DATABASE_URL: z.string().regex(/^(sqlite:|file:|postgres(ql)?:\/\/)/, 'DATABASE_URL is sqlite:PATH, file:PATH or postgres://…').optional(),
  /**
   * PostgreSQL's streaming replicas (issue 41): a comma list of postgres://… URLs. They serve the reads every visitor
   * shares (catalogue pages, sitemaps, search, autocomplete); unset, every read goes to DATABASE_URL.
   */
  DATABASE_READ_URLS: postgresUrlList('DATABASE_READ_URLS is a comma list of postgres://… URLs of replicas.'),
  /**
   * Where the notification hub finds the primary (issue 41): a comma list of direct postgres://… URLs of the servers
   * that may be primary, never PgBouncer's; the first that is not a standby is used. Unset, DATABASE_URL.
   */
  DATABASE_NOTIFY_URLS: postgresUrlList('DATABASE_NOTIFY_URLS is a comma list of postgres://… URLs of the servers that may be primary.'),
  /** A replica further behind the primary than this is skipped until it catches up. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  /** Deprecated: the SQLite file (DATABASE_URL=sqlite:PATH says the same). Used only when DATABASE_URL is unset. */
  DATABASE_PATH: z.string().min(1).optional(),
  /** Where the server listens. */
  PORT: z.coerce.number().int().min(0).max(65_535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder of uploaded and generated media. */
  MEDIA_DIR: z.string().min(1).default('data/media'),
  /**
   * Where media files live (decision 0018): unset, the local MEDIA_DIR; or an S3-compatible bucket,
   * `s3://BUCKET[/PREFIX][?endpoint=URL&region=R&path_style=true]`, with the two keys below.
   */
  MEDIA_STORE_URL: z.string().regex(/^s3:\/\/[^/?]+/, 'MEDIA_STORE_URL is s3://BUCKET[/PREFIX][?endpoint=…]').optional(),
  MEDIA_STORE_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_STORE_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The folder of basemap archives served at /maps/{file}.pmtiles (issue 43): the committed demo archive by default. */
  MAP_DATA_DIR: z.string().min(1).default('maps'),
  /** Production's basemap (issue 43): a Protomaps extract of Malaysia, e.g. https://tiles.example.my/malaysia.pmtiles. Unset, the newest archive in MAP_DATA_DIR. */
  MAP_TILES_URL: z.url().optional(),
  /** With MAP_TILES_URL: the Protomaps fonts ('…/{fontstack}/{range}.pbf') and sprite ('…/light') the street style draws labels with. */
  MAP_GLYPHS_URL: z.string().regex(/\{fontstack\}.*\{range\}/, 'MAP_GLYPHS_URL holds {fontstack} and {range}').optional(),
  MAP_SPRITE_URL: z.url().optional(),
  /** Where browsers fetch media from: '/media' here, a CDN base URL in production. */
  MEDIA_BASE_URL: z.string().min(1).default('/media'),
  /** The public address of the site, used in canonical links and sitemaps. */
  SITE_URL: z.url().default('http://localhost:4321'),
  /** Worker threads for search; 0 searches on the main thread. */
  // One core stays with the main thread, which renders pages; searches take the others (at least one).
  // SQLite: each worker holds its own facet store (about 37 MB at 500,000 listings), so more workers cost memory too.
  // PostgreSQL: one store per process; 1 or more gives it a helper thread counting half of each large search.
  SEARCH_WORKERS: z.coerce.number().int().min(0).max(64).default(Math.max(1, availableParallelism() - 1)),
  /** Images decoded at once (the rest wait in line); one per core by default. */
  IMAGE_DECODES: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /** Image uploads that may wait for a decode; past that an upload answers 503 with Retry-After. */
  IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /**
   * Uncached renders of non-indexable search pages (keyword, several filters, Near Me…) one client may ask
   * for per minute; past that 429 with Retry-After. Indexable and detail pages are never limited. 0: no limit.
   */
  SEARCH_PAGE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(60),
  /** Search responses kept in memory; 0 turns the response cache off. */
  SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(2000),
  /** Bytes of JSON the search response cache may hold, whatever its entry count. */
  SEARCH_CACHE_BYTES: z.coerce.number().int().min(0).max(4 * 1024 ** 3).default(32 * 1024 * 1024),
  /**
   * PostgreSQL: each listing type's word index holds the type's (word, listing) pairs in memory (4 bytes each) when
   * they are at most this many (600 MB); past it, that type's words are looked up in the GIN index (decisions 0019, 0029).
   */
  SEARCH_WORD_INDEX_MAX: z.coerce.number().int().min(0).max(1_000_000_000).default(150_000_000),
  /**
   * PostgreSQL: the listing types whose facet store and word index this process holds (issue 41), a comma list;
   * unset, all four. A search of another type (or of every type, unless all are held) is counted by SQL alone: slower,
   * never wrong. The load balancer sends `/{type}/…` to the hosts holding the type.
   */
  SEARCH_TYPES: z.string().optional().transform((value, context) => {
    const types = (value ?? '').split(',').map((type) => type.trim()).filter(Boolean);
    if (types.length === 0) return [...LISTING_TYPES];
    // A host without the memory for any store: every search counted by SQL, on the replicas when there are some.
    if (types.length === 1 && types[0] === 'none') return [];
    if (types.every((type) => (LISTING_TYPES as readonly string[]).includes(type))) return [...new Set(types)] as ListingType[];
    context.addIssue({ code: 'custom', message: `SEARCH_TYPES is a comma list of ${LISTING_TYPES.join(', ')}, or none.` });
    return z.NEVER;
  }),
  /**
   * How often a process reads the invalidation log (decision 0017), in ms: a change reaches its caches within this
   * (plus one read). 0 reads it on every cached lookup (tests).
   */
  CACHE_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(500),
  /**
   * The longest a transaction may stay open before it is rolled back (decision 0014): it guards production against a
   * transaction left waiting on something outside the database. The test suite sets a generous one (issue 38).
   */
  TRANSACTION_LIMIT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * How long a claimed job is held before another runner may take it (decision 0015); its runner renews it every third
   * of it while the job runs, so it bounds how long the job of a killed process waits (issue 38).
   */
  JOB_LEASE_MS: z.coerce.number().int().min(300).max(3_600_000).default(30_000),
  /**
   * Uncached page renders one process runs at once (issue 38), how many more may wait for one, and for how long (ms);
   * past the line or the wait a page answers 503 with Retry-After (or its cached copy, when one exists). Cached pages,
   * files and the API never wait. A busy process renders one at a time, a fifth of its time at most (render-gate.ts).
   */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  RENDER_QUEUE: z.coerce.number().int().min(0).max(100_000).default(512),
  RENDER_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * A warmed standby server process beside the serving one (issue 38), so a crash is taken over at once: `on` (the
   * default) or `off` (one process less, about its memory; a crash then waits for a new process to start).
   */
  SERVER_STANDBY: z.enum(['on', 'off']).default('on'),
  /** Bytes of compressed pages kept in memory by the page cache; 0 turns it off. */
  PAGE_CACHE_BYTES: z.coerce.number().int().min(0).max(4 * 1024 ** 3).default(64 * 1024 * 1024),
  /** Mail over SMTP (smtp:// or smtps:// with credentials); unset writes mail to OUTBOX_DIR instead. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL starts with smtp:// or smtps://').optional(),
  /** Where mail (.eml) and SMS (.txt) are written when they are not sent (the embedded default). */
  OUTBOX_DIR: z.string().min(1).default('data/outbox'),
  /**
   * Who runs the cluster's jobs (mail, sweeps; decision 0015): the serving process (`in-process`, the default), or
   * `off` where separate `npm run jobs -- work` processes do. The view flush stays in every serving process.
   */
  JOB_RUNNER: z.enum(['in-process', 'off']).default('in-process'),
  /** The From address of the product's mail. */
  MAIL_FROM: z.email().default('no-reply@yellowpages.my'),
  /** Where enquiries about listings without a contact e-mail go, for the team to pass on by phone. */
  ENQUIRY_INBOX: z.email().default('enquiries@yellowpages.my'),
  /** The seller printed on invoices (issue 27, decision 0023): name, address, SST registration number. */
  SELLER_NAME: z.string().min(1).default('Yellow Pages Malaysia Sdn. Bhd.'),
  SELLER_ADDRESS: z.string().min(1).default('Level 10, Menara YP, Jalan Sultan Ismail, 50250 Kuala Lumpur'),
  SELLER_SST_NO: z.string().min(1).default('W10-1808-32000001'),
  /** SST rates by date: `YYYY-MM-DD=percent` pairs, oldest first (spec §9: 6%). Each invoice stores the rate it used. */
  SST_RATES: z.string().default('2018-09-01=6').transform((value, context) => {
    const schedule = value.split(',').map((pair) => /^(\d{4}-\d{2}-\d{2})=(\d{1,2}(?:\.\d{1,2})?)$/.exec(pair.trim()));
    if (schedule.some((match) => !match)) {
      context.addIssue({ code: 'custom', message: 'SST_RATES is a comma list of YYYY-MM-DD=percent, oldest first.' });
      return z.NEVER;
    }
    return schedule.map((match) => [match![1]!, Math.round(Number(match![2]) * 100)] as const);
  }),
  /** Where a bank transfer goes (the default payment method). */
  BANK_TRANSFER_ACCOUNT: z.string().min(1).default('Maybank 5140 1234 5678, Yellow Pages Malaysia Sdn. Bhd.'),
  /**
   * The hosted checkout (Billplz's API v3): its address, the API key, the collection bills go in, and the X Signature
   * key its callbacks are signed with. Online payment is offered only when all four are set.
   */
  BILLPLZ_URL: z.url().optional(),
  BILLPLZ_API_KEY: z.string().min(1).optional(),
  BILLPLZ_COLLECTION_ID: z.string().min(1).optional(),
  BILLPLZ_SIGNATURE_KEY: z.string().min(1).optional(),
  /**
   * Ads held for an operator's review (issue 28): more links than MODERATION_MAX_LINKS, a word of
   * MODERATION_BANNED_WORDS (comma list, any case), a copy of a live ad (same title, a near-identical photo), and,
   * with HOLD_NEW_ADVERTISERS=on, every ad of an account that has had none live yet.
   */
  MODERATION_MAX_LINKS: z.coerce.number().int().min(0).max(100).default(2),
  MODERATION_BANNED_WORDS: z.string().default('').transform((value) => value.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean)),
  HOLD_NEW_ADVERTISERS: z.enum(['on', 'off']).default('off').transform((value) => value === 'on'),
  /** Proxies allowed to name the client in X-Forwarded-For: unset (none), a hop count, or addresses/subnets. */
  TRUST_PROXY: z.string().optional().refine((value) => { try { parseTrustProxy(value); return true; } catch { return false; } },
    'TRUST_PROXY is a hop count or a comma list of proxy addresses or subnets.'),
  /**
   * Where advertisers manage their ads (spec §1); Post Ads, Claim and Advertiser Dashboard go there. By default the
   * advertiser site of this server, SITE_URL + /advertiser (issue 25); another host would need single sign-on.
   */
  ADVERTISER_SITE_URL: z.url().optional(),
  /** Social login: a provider is offered when its client id and secret are set (decision 0005). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/v21.0/me?fields=id,name,email'),
  /**
   * Tests only: a file holding milliseconds to add to the clock of a running server (clock.ts). Refused
   * unless NODE_ENV=test, so a production process can never be given another time.
   */
  TEST_CLOCK_FILE: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
  /**
   * The local sandbox checkout (development/sandbox-checkout.ts): 'on' or 'off'; left out, it is on only when no Billplz settings are
   * given and SITE_URL is not https. It takes no money, so it is refused in production (https or NODE_ENV=production).
   */
  SANDBOX_CHECKOUT: z.enum(['on', 'off'], { error: 'SANDBOX_CHECKOUT is on or off.' }).optional(),
  /** The font invoices embed, a TrueType or OpenType file (`file#PostScriptName` in a collection); Noto Sans SC from npm when left out. */
  INVOICE_FONT: z.string().min(1)
    .refine(fontSettingValid, { message: 'INVOICE_FONT names a file that does not exist: point it at a TrueType or OpenType font, or unset it to print in Noto Sans SC.' })
    .optional(),
  /** Ad network client id; without it no ad slot renders. Public: it is sent to browsers. */
  PUBLIC_AD_CLIENT: z.string().regex(/^[\w-]+$/).optional(),
});

/** A social login provider's client and endpoints. */
export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string[];
}

/** Which database the app runs on (config `DATABASE_URL`); `db/backend.ts` turns it into repositories and a search engine. */
export type DatabaseConfig = { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string; readUrls?: readonly string[]; replicaMaxLagMs?: number; notifyUrls?: readonly string[] };

export type Config = {
  database: DatabaseConfig;
  port: number;
  host: string;
  mediaDir: string;
  /** Where media files live: the local folder, or an S3-compatible bucket. */
  mediaStore: { kind: 'local' } | ({ kind: 's3' } & S3StoreConfig);
  mediaBaseUrl: string;
  /** The basemap (issue 43): local archives, or a Protomaps extract elsewhere with its fonts and sprite. */
  map: { dataDir: string; tilesUrl: string | null; glyphsUrl: string | null; spriteUrl: string | null };
  siteUrl: string;
  searchWorkers: number;
  searchCacheSize: number;
  searchCacheBytes: number;
  /** PostgreSQL: the most (word, listing) pairs the facet store holds in memory (decision 0019). */
  searchWordIndexMax: number;
  /** PostgreSQL: the types whose facet store this process holds (SEARCH_TYPES). */
  searchTypes: ListingType[];
  pageCacheBytes: number;
  cachePollMs: number;
  /** The longest a transaction may stay open (TRANSACTION_LIMIT_MS). */
  transactionLimitMs: number;
  /** The lease of a claimed job (JOB_LEASE_MS). */
  jobLeaseMs: number;
  /** The bound on uncached page renders: at once, and waiting (RENDER_CONCURRENCY, RENDER_QUEUE). */
  renders: { concurrency: number; queue: number; waitMs: number };
  /** Keep a warmed standby server process (SERVER_STANDBY). */
  serverStandby: boolean;
  /** The time offset file of an end-to-end test's server (NODE_ENV=test only), else null. */
  testClockFile: string | null;
  imageDecodes: number;
  imageDecodeQueue: number;
  searchPageLimit: number;
  adClient: string | null;
  trustProxy: TrustProxy;
  smtpUrl: string | null;
  outboxDir: string;
  jobRunner: 'in-process' | 'off';
  mailFrom: string;
  enquiryInbox: string;
  /** Ads held for an operator's review (issue 28). */
  moderation: { maxLinks: number; bannedWords: readonly string[]; holdNewAdvertisers: boolean };
  /** Who sells, the SST rates by date (basis points) and where bank transfers go (issue 27). */
  billing: {
    sellerName: string; sellerAddress: string; sstRegistration: string; sstRates: readonly (readonly [string, number])[]; bankAccount: string;
    /** The hosted checkout, when configured. */
    billplz: { url: string; apiKey: string; collectionId: string; signatureKey: string } | null;
    /** The local sandbox checkout is on (never in production). */
    sandbox: boolean;
    /** The CJK-capable font invoices embed; null: Helvetica (the server says why at start). */
    invoiceFont: InvoiceFont;
  };
  advertiserSiteUrl: string;
  /** Configured social providers; an unconfigured one is null (hidden in the login modal). */
  social: { google: SocialProviderConfig | null; facebook: SocialProviderConfig | null };
};

function resolvePath(path: string): string {
  return path === ':memory:' || isAbsolute(path) ? path : join(projectRoot, path);
}

/** The database DATABASE_URL names (or the deprecated DATABASE_PATH, or the embedded default). */
export function databaseOf(url: string | undefined, legacyPath: string | undefined): DatabaseConfig {
  if (!url) return { kind: 'sqlite', path: resolvePath(legacyPath ?? 'data/yp.db') };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  // sqlite:data/yp.db, sqlite:///abs/path, file:data/yp.db, file:///abs/path
  const path = decodeURIComponent(url.replace(/^(sqlite|file):(\/\/(?=\/))?/, ''));
  return { kind: 'sqlite', path: resolvePath(path) };
}

/** A PostgreSQL database with its replicas (DATABASE_READ_URLS) and the servers that may be primary (DATABASE_NOTIFY_URLS). */
function withReplicas(database: DatabaseConfig, settings: { DATABASE_READ_URLS: string[]; DATABASE_NOTIFY_URLS: string[]; REPLICA_MAX_LAG_MS: number }): DatabaseConfig {
  if (database.kind !== 'postgres') return database;
  const { DATABASE_READ_URLS: readUrls, DATABASE_NOTIFY_URLS: notifyUrls, REPLICA_MAX_LAG_MS: replicaMaxLagMs } = settings;
  return { ...database, ...(readUrls.length > 0 ? { readUrls, replicaMaxLagMs } : {}), ...(notifyUrls.length > 0 ? { notifyUrls } : {}) };
}

/** The SQLite file of a config, for what only the embedded default has (its own scripts); an error on another backend. */
export function sqlitePath(config: Pick<Config, 'database'>): string {
  if (config.database.kind !== 'sqlite') throw new Error('This needs the embedded SQLite database (DATABASE_URL=sqlite:PATH).');
  return config.database.path;
}

let processConfig: Config | undefined;

/**
 * Parses the environment; throws (so the process refuses to start) on a bad value. The process's
 * own environment is parsed once: pages call this on every request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env === process.env) return (processConfig ??= parseConfig(env));
  return parseConfig(env);
}

/**
 * Where links and redirects to the advertiser site go (issue 40): relative ('/advertiser') when it is on this server, so
 * a visitor who reached the site by another address (a LAN address, 127.0.0.1) stays on it; absolute when elsewhere.
 */
function advertiserSite(setting: string | undefined, siteUrl: string): string {
  if (!setting) return '/advertiser';
  const url = new URL(setting);
  const path = url.pathname.replace(/\/+$/, '');
  return url.origin === new URL(siteUrl).origin ? path : `${url.origin}${path}`;
}

/** Production settings: an https site, or NODE_ENV=production. */
const inProduction = (settings: { SITE_URL: string; NODE_ENV?: string | undefined }) => settings.SITE_URL.startsWith('https:') || settings.NODE_ENV === 'production';

/** Where a server process keeps the operator's NODE_ENV ('' when none) once it has chosen React's build (issue 62). */
const OPERATOR_NODE_ENV = 'OPERATOR_NODE_ENV';

/**
 * React's production build and "this is production" are two settings (issue 62): a server process loads React's
 * production build (React reads NODE_ENV when first loaded), while the configuration goes on reading the NODE_ENV the
 * operator set, if any. Without this, `npm start` on a fresh clone turned itself into production on the first
 * request: the sandbox checkout went off, and SANDBOX_CHECKOUT=on failed every page.
 */
export function chooseReactProductionBuild(env: NodeJS.ProcessEnv = process.env): void {
  env[OPERATOR_NODE_ENV] ??= env.NODE_ENV ?? '';
  env.NODE_ENV ??= 'production';
}

/** The settings as the operator gave them: the NODE_ENV they set, not the one a server process chose for React. */
function operatorSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const operator = env[OPERATOR_NODE_ENV];
  return operator === undefined ? env : { ...env, NODE_ENV: operator === '' ? undefined : operator };
}

function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = EnvSchema.refine((settings) => !settings.TEST_CLOCK_FILE || settings.NODE_ENV === 'test',
    { path: ['TEST_CLOCK_FILE'], message: 'TEST_CLOCK_FILE is for tests only: it is refused unless NODE_ENV=test.' })
    .refine((settings) => settings.DATABASE_READ_URLS.length === 0 || /^postgres(ql)?:\/\//.test(settings.DATABASE_URL ?? ''), {
      path: ['DATABASE_READ_URLS'], message: 'DATABASE_READ_URLS names PostgreSQL replicas: it needs a postgres://… DATABASE_URL.',
    })
    .refine((settings) => settings.SANDBOX_CHECKOUT !== 'on' || !inProduction(settings), {
      path: ['SANDBOX_CHECKOUT'],
      message: 'SANDBOX_CHECKOUT=on is refused in production (an https SITE_URL or NODE_ENV=production): the sandbox marks invoices paid without taking money; configure Billplz (BILLPLZ_*) instead.',
    }).safeParse(operatorSettings(env));
  if (!parsed.success) {
    // Zod's own messages are said (say-in.ts): worded here in English for the person starting the server.
    throw new Error(`Bad environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${sayIn(issue.message, 'en')}`).join('; ')}`);
  }
  const { DATABASE_URL, DATABASE_PATH, PORT, HOST, MEDIA_DIR, MEDIA_BASE_URL, SITE_URL, SEARCH_WORKERS, SEARCH_CACHE_SIZE, SEARCH_CACHE_BYTES, PAGE_CACHE_BYTES, PUBLIC_AD_CLIENT, TRUST_PROXY, SMTP_URL, OUTBOX_DIR, MAIL_FROM, ENQUIRY_INBOX } = parsed.data;
  const settings = parsed.data;
  const billplz = settings.BILLPLZ_URL && settings.BILLPLZ_API_KEY && settings.BILLPLZ_COLLECTION_ID && settings.BILLPLZ_SIGNATURE_KEY ? {
    url: settings.BILLPLZ_URL.replace(/\/+$/, ''), apiKey: settings.BILLPLZ_API_KEY, collectionId: settings.BILLPLZ_COLLECTION_ID, signatureKey: settings.BILLPLZ_SIGNATURE_KEY,
  } : null;
  return {
    database: withReplicas(databaseOf(DATABASE_URL, DATABASE_PATH), settings),
    port: PORT,
    host: HOST,
    mediaDir: resolvePath(MEDIA_DIR),
    mediaStore: settings.MEDIA_STORE_URL
      ? { kind: 's3', ...parseS3Url(settings.MEDIA_STORE_URL, { accessKeyId: settings.MEDIA_STORE_ACCESS_KEY_ID, secretAccessKey: settings.MEDIA_STORE_SECRET_ACCESS_KEY }) }
      : { kind: 'local' },
    mediaBaseUrl: MEDIA_BASE_URL.replace(/\/+$/, ''),
    map: { dataDir: resolvePath(settings.MAP_DATA_DIR), tilesUrl: settings.MAP_TILES_URL ?? null, glyphsUrl: settings.MAP_GLYPHS_URL ?? null, spriteUrl: settings.MAP_SPRITE_URL ?? null },
    siteUrl: SITE_URL.replace(/\/+$/, ''),
    searchWorkers: SEARCH_WORKERS,
    searchCacheSize: SEARCH_CACHE_SIZE,
    searchCacheBytes: SEARCH_CACHE_BYTES,
    searchWordIndexMax: settings.SEARCH_WORD_INDEX_MAX,
    searchTypes: settings.SEARCH_TYPES,
    pageCacheBytes: PAGE_CACHE_BYTES,
    cachePollMs: settings.CACHE_POLL_MS,
    transactionLimitMs: settings.TRANSACTION_LIMIT_MS,
    jobLeaseMs: settings.JOB_LEASE_MS,
    renders: { concurrency: settings.RENDER_CONCURRENCY, queue: settings.RENDER_QUEUE, waitMs: settings.RENDER_WAIT_MS },
    serverStandby: settings.SERVER_STANDBY === 'on',
    testClockFile: settings.TEST_CLOCK_FILE ? resolvePath(settings.TEST_CLOCK_FILE) : null,
    imageDecodes: settings.IMAGE_DECODES,
    jobRunner: settings.JOB_RUNNER,
    imageDecodeQueue: settings.IMAGE_DECODE_QUEUE,
    searchPageLimit: settings.SEARCH_PAGE_LIMIT,
    adClient: PUBLIC_AD_CLIENT ?? null,
    trustProxy: parseTrustProxy(TRUST_PROXY),
    smtpUrl: SMTP_URL ?? null,
    outboxDir: resolvePath(OUTBOX_DIR),
    mailFrom: MAIL_FROM,
    enquiryInbox: ENQUIRY_INBOX,
    moderation: { maxLinks: settings.MODERATION_MAX_LINKS, bannedWords: settings.MODERATION_BANNED_WORDS, holdNewAdvertisers: settings.HOLD_NEW_ADVERTISERS },
    billing: {
      sellerName: settings.SELLER_NAME, sellerAddress: settings.SELLER_ADDRESS, sstRegistration: settings.SELLER_SST_NO,
      sstRates: settings.SST_RATES, bankAccount: settings.BANK_TRANSFER_ACCOUNT,
      billplz,
      invoiceFont: invoiceFontOf(settings.INVOICE_FONT),
      sandbox: settings.SANDBOX_CHECKOUT === 'on' || (settings.SANDBOX_CHECKOUT === undefined && billplz === null && !inProduction(settings)),
    },
    advertiserSiteUrl: advertiserSite(settings.ADVERTISER_SITE_URL, SITE_URL),
    social: {
      google: settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET ? {
        clientId: settings.GOOGLE_CLIENT_ID, clientSecret: settings.GOOGLE_CLIENT_SECRET, authUrl: settings.GOOGLE_AUTH_URL, tokenUrl: settings.GOOGLE_TOKEN_URL,
        userinfoUrl: settings.GOOGLE_USERINFO_URL, scopes: ['openid', 'email', 'profile'],
      } : null,
      facebook: settings.FACEBOOK_CLIENT_ID && settings.FACEBOOK_CLIENT_SECRET ? {
        clientId: settings.FACEBOOK_CLIENT_ID, clientSecret: settings.FACEBOOK_CLIENT_SECRET, authUrl: settings.FACEBOOK_AUTH_URL, tokenUrl: settings.FACEBOOK_TOKEN_URL,
        userinfoUrl: settings.FACEBOOK_USERINFO_URL, scopes: ['email', 'public_profile'],
      } : null,
    },
  };
}
