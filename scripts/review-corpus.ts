/**
 * A deterministic corpus of reviews for the fake-review filter (issue 45): at least 1,000 genuine reviews over 120
 * listings and 18 months, with the hard cases (a family on one home connection reviewing different listings, a
 * genuine opening-week rush, short common texts in three languages, honest 1★ reviews, a few genuinely new
 * accounts, colleagues behind one busy office address reviewing their lunch place), and at least 150 planted fakes in
 * 7 patterns (a lone planted 5★ from an account made for it among them). Used by `npm run bench:reviews` and its test.
 */
import { scoreReviews, isSuspicious } from '../src/server/moderation/review-signals.ts';
import { Random } from './seed/random.ts';
import type { ReviewFacts } from '../src/server/db/trust-rows.ts';

export const PATTERNS = ['one-client ring', '5★ burst from new accounts', 'copy-paste across businesses', 'new-account swarm', "owner's own review", '1★ competitor burst',
  'lone planted 5★'] as const;
export type Pattern = (typeof PATTERNS)[number];

export interface LabelledReview extends ReviewFacts {
  /** null for a genuine review. */
  planted: Pattern | null;
  /** The reviewer follows the business they review (activity, but not beyond it). */
  follows_listing?: boolean;
}

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse('2025-05-01T00:00:00Z');
const MONTHS_18 = 548 * DAY;

const SHORT = ['Good service', 'Servis bagus', '服务很好', 'Very good', 'Recommended!', 'Mantap', '很好', 'Fast and friendly', 'Terbaik', 'Nice'];
const OPENINGS = ['We came on a weekday', 'Went there with my family', 'Booked them for our office', 'Tried them last month', 'My neighbour recommended them', 'Called them after work'];
const MIDDLES = ['and the staff explained everything clearly', 'the price was fair for the work done', 'they arrived a bit late but fixed it properly', 'parking was hard to find',
  'the waiting time was around twenty minutes', 'they cleaned up after the job', 'the owner gave us a small discount', 'the shop was clean and tidy', 'they answered our questions on WhatsApp quickly'];
const ENDINGS = ['Will come again.', 'Overall satisfied.', 'Could be faster.', 'Worth the money.', 'Not the cheapest but reliable.', 'Thank you!'];
const DETAILS = ['for my mother\'s aircond', 'before Hari Raya', 'on a rainy Tuesday', 'for our new condo in Cheras', 'after my car broke down', 'for the kids\' tuition', 'during the school holidays',
  'for a wedding dinner', 'near Mid Valley', 'for the shop in Ipoh', 'on my lunch break', 'for two bedrooms', 'after seeing their Facebook page', 'with my colleague Ahmad', 'for the third time',
  'because the first shop was closed', 'to fix a leaking pipe', 'for a birthday cake', 'late at night', 'for our company trip'];
const PAID = ['in cash', 'by DuitNow', 'with my card', 'after the discount', 'including parts', 'for labour only', 'by bank transfer', 'with Touch n Go'];
const MALAY_A = ['Kami datang pada hujung minggu', 'Saya hantar kereta ke sini', 'Tempahan dibuat melalui telefon', 'Pertama kali mencuba kedai ini', 'Kawan saya yang cadangkan'];
const MALAY_B = ['pekerja sangat membantu serta mesra', 'harga berpatutan dan kerja siap dengan cepat', 'tempat bersih tetapi sukar mencari parking', 'tukang datang tepat pada masanya', 'penerangan jelas dan jujur'];
const CHINESE_A = ['我们周末去的', '朋友介绍来的', '第一次来这家店', '打电话预约的', '下班后过来的'];
const CHINESE_ITEMS = ['修冷气', '做蛋糕', '补习数学', '修车', '搬家', '装修厨房', '洗地毯', '买二手手机', '剪头发', '修水管'];
const CHINESE_B = ['员工很热情解释得很清楚', '价格合理修理得很仔细', '店里很干净就是停车位难找', '师傅很准时态度也很好', '等了半小时但是结果满意'];
const NEGATIVE_A = ['Waited two hours and nobody called back', 'The repair broke again after three days', 'Rude staff at the counter', 'They cancelled our booking without telling us', 'The final bill was higher than the quote'];
const NEGATIVE_B = ['very disappointed with the service', 'and they refused to check it again', 'will not come back', 'avoid if you are in a hurry', 'not worth the money at all'];
const NEGATIVE = ['Waited two hours and nobody called back, very disappointed with the service', 'The repair broke again after three days and they refused to check it', 'Rude staff and the final bill was higher than the quote'];
const FAKE_TEXTS = ['Best service in town, highly recommended to everyone, five stars all the way', 'Amazing experience, professional team, fast response and great price, must try',
  'Absolutely the top choice in Malaysia, friendly staff and perfect result every time', 'Superb quality and honest pricing, I will recommend to all my friends and family'];

/** The corpus, the same every time for a seed. */
export function reviewCorpus(seed = 45): LabelledReview[] {
  const random = new Random(seed);
  const reviews: LabelledReview[] = [];
  let nextId = 1;
  let nextUser = 1;
  const listings = Array.from({ length: 120 }, (_, index) => `services-${index + 1}`);
  const genuineText = () => {
    const pick = random.int(0, 9);
    if (pick < 2) return SHORT[random.int(0, SHORT.length - 1)]!;
    const pickOf = (list: readonly string[]) => list[random.int(0, list.length - 1)]!;
    if (pick === 2) return `${pickOf(MALAY_A)} ${pickOf(DETAILS)}, ${pickOf(MALAY_B)}. Bayar RM${random.int(30, 900)} ${pickOf(PAID)}.`;
    if (pick === 3) return `${pickOf(CHINESE_A)}${pickOf(CHINESE_ITEMS)}，${pickOf(CHINESE_B)}，花了${random.int(30, 900)}令吉，${pickOf(CHINESE_B)}。`;
    return `${pickOf(OPENINGS)} ${pickOf(DETAILS)} ${pickOf(MIDDLES)}. Paid RM${random.int(30, 900)} ${pickOf(PAID)}. ${pickOf(ENDINGS)}`;
  };
  const established = (at: number) => ({ created_at: at - random.int(60, 900) * DAY, reviews: random.int(2, 12), activity: random.int(1, 20) });
  const add = (review: Omit<LabelledReview, 'id' | 'client_accounts'>) => reviews.push({ ...review, id: nextId++, client_accounts: 1 });

  // Genuine: steady reviews on every listing over 18 months, mostly 4–5★, honest 1★ now and then, some new accounts.
  for (const listing of listings) {
    const count = random.int(6, 11);
    for (let n = 0; n < count; n++) {
      const at = START + random.int(0, MONTHS_18 / DAY - 1) * DAY + random.int(0, DAY - 1);
      const honestlyBad = random.chance(0.08);
      const isNew = random.chance(0.06);
      add({
        listing, user_id: nextUser++, rating: honestlyBad ? random.int(1, 2) : random.int(3, 5),
        content: honestlyBad ? `${NEGATIVE_A[random.int(0, NEGATIVE_A.length - 1)]} ${DETAILS[random.int(0, DETAILS.length - 1)]}, ${NEGATIVE_B[random.int(0, NEGATIVE_B.length - 1)]}. Paid RM${random.int(30, 900)} ${PAID[random.int(0, PAID.length - 1)]}.` : genuineText(),
        created_at: at, client_hash: `client-${random.int(1, 1_000_000)}`, device_hash: `device-${random.int(1, 1_000_000)}`,
        reviewer: isNew ? { created_at: at - random.int(1, 10) * DAY, reviews: 1, activity: random.int(1, 3) } : established(at), owner_link: false, planted: null,
      });
    }
  }
  // A family on one home connection: four people, one client, each reviewing different listings.
  for (let family = 0; family < 6; family++) {
    const client = `home-${family}`;
    for (let member = 0; member < 4; member++) {
      const at = START + random.int(0, 500) * DAY;
      add({ listing: listings[(family * 7 + member * 13) % listings.length]!, user_id: nextUser++, rating: random.int(4, 5), content: genuineText(), created_at: at,
        client_hash: client, device_hash: `device-${random.int(1, 1_000_000)}`, reviewer: established(at), owner_link: false, planted: null });
    }
  }
  // A genuine opening-week rush: a new listing's first customers, established accounts, in its first days.
  for (let shop = 0; shop < 4; shop++) {
    const listing = `services-${200 + shop}`;
    const opened = START + random.int(100, 400) * DAY;
    for (let n = 0; n < 12; n++) {
      const at = opened + random.int(0, 5) * DAY + random.int(0, DAY - 1);
      add({ listing, user_id: nextUser++, rating: random.int(4, 5), content: genuineText(), created_at: at, client_hash: `client-${random.int(1, 1_000_000)}`,
        device_hash: `device-${random.int(1, 1_000_000)}`, reviewer: established(at), owner_link: false, planted: null });
    }
  }

  // Colleagues behind one busy office address (a carrier's or a company's NAT): 25 accounts review what they use, and
  // three of them their lunch place within a week, one with an account made days ago.
  for (let office = 0; office < 4; office++) {
    const client = `office-${office}`;
    const lunch = listings[(office * 31 + 5) % listings.length]!;
    const week = START + random.int(60, 480) * DAY;
    for (let colleague = 0; colleague < 25; colleague++) {
      const together = colleague < 3;
      const at = together ? week + random.int(0, 6) * DAY + random.int(0, DAY - 1) : START + random.int(0, MONTHS_18 / DAY - 1) * DAY;
      add({ listing: together ? lunch : listings[random.int(0, listings.length - 1)]!, user_id: nextUser++, rating: random.int(4, 5), content: genuineText(), created_at: at,
        client_hash: client, device_hash: `device-${random.int(1, 1_000_000)}`,
        reviewer: colleague === 2 ? { created_at: at - random.int(3, 10) * DAY, reviews: 1, activity: 1 } : established(at), owner_link: false, planted: null });
    }
  }

  // Planted fakes.
  const fresh = (at: number) => ({ created_at: at - random.int(0, 2) * DAY - random.int(0, DAY - 1), reviews: 1, activity: 0 });
  const target = () => listings[random.int(0, listings.length - 1)]!;
  const when = () => START + random.int(30, MONTHS_18 / DAY - 30) * DAY;
  // 1. A one-client ring: six accounts on one client review one listing 5★ over a few days.
  for (let ring = 0; ring < 6; ring++) {
    const listing = target();
    const at = when();
    for (let n = 0; n < 6; n++) {
      const time = at + random.int(0, 4) * DAY;
      add({ listing, user_id: nextUser++, rating: 5, content: genuineText(), created_at: time, client_hash: `ring-${ring}`, device_hash: `ring-device-${ring}-${n % 2}`,
        reviewer: { created_at: time - random.int(20, 200) * DAY, reviews: random.int(1, 3), activity: random.int(0, 2) }, owner_link: false, planted: 'one-client ring' });
    }
  }
  // 2. A 5★ burst from new accounts within a day.
  for (let burst = 0; burst < 5; burst++) {
    const listing = target();
    const at = when();
    for (let n = 0; n < 7; n++) {
      const time = at + random.int(0, DAY - 1);
      add({ listing, user_id: nextUser++, rating: 5, content: genuineText(), created_at: time, client_hash: `client-${random.int(1, 1_000_000)}`, device_hash: null,
        reviewer: fresh(time), owner_link: false, planted: '5★ burst from new accounts' });
    }
  }
  // 3. Copy-paste text across businesses, by older accounts, lightly edited.
  for (let copy = 0; copy < 5; copy++) {
    const text = FAKE_TEXTS[copy % FAKE_TEXTS.length]!;
    for (let n = 0; n < 6; n++) {
      const time = when();
      add({ listing: target(), user_id: nextUser++, rating: 5, content: n % 2 === 0 ? text : `${text}!`, created_at: time, client_hash: `client-${random.int(1, 1_000_000)}`,
        device_hash: null, reviewer: established(time), owner_link: false, planted: 'copy-paste across businesses' });
    }
  }
  // 4. A new-account swarm: single-review accounts over a week on one listing.
  for (let swarm = 0; swarm < 4; swarm++) {
    const listing = target();
    const at = when();
    for (let n = 0; n < 7; n++) {
      const time = at + random.int(0, 6) * DAY + random.int(0, DAY - 1);
      add({ listing, user_id: nextUser++, rating: 5, content: genuineText(), created_at: time, client_hash: `client-${random.int(1, 1_000_000)}`, device_hash: null,
        reviewer: { created_at: time - random.int(0, 5) * DAY, reviews: 1, activity: 0 }, owner_link: false, planted: 'new-account swarm' });
    }
  }
  // 5. An owner's own review (or their family's, on their sign-in client).
  for (let owner = 0; owner < 15; owner++) {
    const time = when();
    add({ listing: target(), user_id: nextUser++, rating: 5, content: genuineText(), created_at: time, client_hash: `client-${random.int(1, 1_000_000)}`, device_hash: null,
      reviewer: established(time), owner_link: true, planted: "owner's own review" });
  }
  // 6. A 1★ competitor burst on a well-rated listing.
  for (let attack = 0; attack < 4; attack++) {
    const listing = target();
    const at = when();
    for (let n = 0; n < 6; n++) {
      const time = at + random.int(0, DAY - 1);
      add({ listing, user_id: nextUser++, rating: 1, content: NEGATIVE[random.int(0, NEGATIVE.length - 1)]!.replace('two hours', `${random.int(2, 5)} hours`), created_at: time,
        client_hash: `client-${random.int(1, 1_000_000)}`, device_hash: null, reviewer: { created_at: time - random.int(3, 60) * DAY, reviews: random.int(1, 2), activity: 0 }, owner_link: false,
        planted: '1★ competitor burst' });
    }
  }
  // 7. A lone planted 5★: an account made hours before, whose only other act is following the business it praises.
  for (let lone = 0; lone < 12; lone++) {
    const time = when();
    add({ listing: target(), user_id: nextUser++, rating: 5, content: genuineText(), created_at: time, client_hash: `client-${random.int(1, 1_000_000)}`, device_hash: null,
      reviewer: { created_at: time - random.int(1, 20) * 60 * 60_000, reviews: 1, activity: 0 }, owner_link: false, planted: 'lone planted 5★', follows_listing: true });
  }
  // What the database counts: the accounts that wrote reviews from each client.
  const accounts = new Map<string, Set<number | null>>();
  for (const review of reviews) if (review.client_hash !== null) accounts.set(review.client_hash, (accounts.get(review.client_hash) ?? new Set()).add(review.user_id));
  for (const review of reviews) review.client_accounts = review.client_hash === null ? 1 : accounts.get(review.client_hash)!.size;
  return reviews;
}

export interface Evaluation {
  byPattern: { pattern: Pattern; caught: number; total: number }[];
  planted: { caught: number; total: number };
  genuine: { held: number; total: number };
}

/** Scores the whole corpus as the nightly run would, and counts what it caught and what it held wrongly. */
export function evaluate(corpus: readonly LabelledReview[]): Evaluation {
  const scores = scoreReviews(corpus, corpus);
  const held = (review: LabelledReview) => isSuspicious(scores.get(review.id)!);
  const planted = corpus.filter((review) => review.planted !== null);
  const genuine = corpus.filter((review) => review.planted === null);
  return {
    byPattern: PATTERNS.map((pattern) => {
      const of = planted.filter((review) => review.planted === pattern);
      return { pattern, caught: of.filter(held).length, total: of.length };
    }),
    planted: { caught: planted.filter(held).length, total: planted.length },
    genuine: { held: genuine.filter(held).length, total: genuine.length },
  };
}
