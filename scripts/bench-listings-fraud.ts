/**
 * `npm run bench:listings-fraud` (issue 64): the fraud signals on listings (src/server/moderation/listing-signals.ts)
 * on a planted set inside a seeded database. A throwaway SQLite file gets the demo seed (30,000 posts), the worker's
 * price statistics job runs once, then accounts publish through the advertiser site's own service (createPost, the
 * upload pipeline for photos, trials for tokens), as people would:
 * - ordinary: 300 accounts (60% in their first day, 40% older), each one to four ads (moving-out sales included),
 *   buy-and-sell items at market prices and job ads, each with its own photo and words of its own;
 * - planted: copied photos (another account's live photo, resized, recompressed, cropped or brightened, under a new
 *   title and text), copied texts (groups of new accounts posting one text, and new accounts copying a live ad's text,
 *   phone numbers changed), price outliers (15% to 35% of the market), and bursts (new accounts posting five of the
 *   dearest items in their first day).
 * An ad counts as held when, at the end, it waits for an operator (held as a draft, or held back while hidden).
 * Prints the figures per class; the last line reads `planted held: X% (n/N); ordinary held: Y% (n/N)`. Goals: X ≥ 90,
 * Y ≤ 2. `-- --verbose` lists the planted ads missed and the ordinary ones held. Deterministic (seeded). No build
 * needed; about two minutes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createAppContext } from '../src/server/app-context.ts';
import { createPost } from '../src/server/advertiser/posts.ts';
import { startTrial } from '../src/server/billing/subscriptions.ts';
import { TestClock } from '../src/server/clock.ts';
import { loadConfig } from '../src/server/config.ts';
import { openMaintenance } from '../src/server/db/backend.ts';
import { openDatabase } from '../src/server/db/sqlite/connection.ts';
import { sqliteKysely } from '../src/server/db/sqlite/kysely.ts';
import type { Tables } from '../src/server/db/tables.ts';
import { userUploadOwner } from '../src/server/engagement/own-uploads.ts';
import { parseInput } from '../src/server/errors.ts';
import { PRICE_RULES } from '../src/server/moderation/listing-signals.ts';
import { updatePriceStatistics } from '../src/server/moderation/price-statistics.ts';
import { storeImage } from '../src/server/uploads/pipeline.ts';
import { NewPostSchema } from '../src/shared/schemas/advertiser.ts';
import { BUYSELL_ITEMS } from './seed/categories.ts';
import { seedDemoData } from './seed/demo.ts';
import { Random } from './seed/random.ts';

const DAY = 86_400_000;
const started = performance.now();
const scratch = mkdtempSync(join(tmpdir(), 'yp-listings-fraud-'));
const path = join(scratch, 'bench.db');

/** A seeded random: the same accounts, ads and photos on every run. */
const generator = new Random(64_064);
const random = () => generator.next();
const int = (low: number, high: number) => generator.int(low, high);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const percent = (part: number, whole: number) => `${((part / Math.max(whole, 1)) * 100).toFixed(1)}%`;

/** Words people write about things they sell, in many combinations: no two honest sellers write the same ad. */
const OPENINGS = ['Selling my', 'Letting go of my', 'For sale:', 'Up for grabs,', 'Clearing out my', 'Moving house, selling my', 'Decluttering:', 'Pre-loved', 'Rarely used', 'Upgraded, so selling my'];
const STATES = ['works perfectly', 'in very good condition', 'no scratches at all', 'minor marks on the side', 'serviced last month', 'kept in a smoke-free home', 'still looks new', 'with the original box', 'comes with receipt', 'battery still strong'];
const DEALS = ['Cash on pickup only.', 'Can meet at the nearest LRT station.', 'Postage at buyer\'s cost.', 'Self collect, weekends are best.', 'Price is fixed, no lowballers please.', 'Slightly negotiable for quick buyers.', 'WhatsApp me for more photos.', 'Serious buyers only, thank you.', 'Can deliver within the Klang Valley for a fee.', 'First come first served.'];
const PLACES = ['Petaling Jaya', 'Shah Alam', 'Subang Jaya', 'Cheras', 'Kepong', 'Johor Bahru', 'Ipoh', 'George Town', 'Kota Kinabalu', 'Kuching', 'Seremban', 'Melaka', 'Kuantan', 'Klang', 'Puchong'];
const REASONS = ['moving to a smaller place', 'got a new one as a gift', 'no longer needed', 'relocating overseas', 'the kids have outgrown it', 'bought the wrong size', 'upgrading to a newer model', 'making space for a baby', 'leaving for studies', 'closing my small shop'];

const phone = () => `01${int(0, 9)}-${int(100, 999)} ${int(1000, 9999)}`;
const sentence = (item: string) => ({
  summary: `${pick(OPENINGS)} ${item}, ${pick(STATES)}. ${pick(DEALS)}`,
  description: `${item}, ${pick(STATES)} and ${pick(STATES)}. Selling because ${pick(REASONS)}. Located in ${pick(PLACES)}. ${pick(DEALS)} ${pick(DEALS)} Call ${phone()}.`,
});

const ITEMS = Object.entries(BUYSELL_ITEMS).flatMap(([category, items]) => items.map(([item, brand, price]) => ({ category, item, brand, price })));
/** The dearest items of their category: what a burst lists. */
const DEAR = ITEMS.filter((entry) => entry.price === Math.max(...BUYSELL_ITEMS[entry.category]!.map(([, , price]) => price)) && entry.price >= 300);

/** A photo of its own: a backdrop and a few objects, from the seeded random. */
async function newPhoto(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const colour = () => `rgb(${int(0, 255)},${int(0, 255)},${int(0, 255)})`;
  const shapes = Array.from({ length: int(3, 7) }, () => (random() < 0.5
    ? `<rect x="${int(0, width - 100)}" y="${int(0, height - 100)}" width="${int(80, 400)}" height="${int(80, 350)}" rx="${int(0, 40)}" fill="${colour()}"/>`
    : `<ellipse cx="${int(0, width)}" cy="${int(0, height)}" rx="${int(40, 260)}" ry="${int(40, 220)}" fill="${colour()}"/>`)).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A copy of a photo as a copier saves it again: smaller and recompressed, cropped at the edges, or brightened. */
async function copiedPhoto(original: Buffer): Promise<Buffer> {
  const image = sharp(original);
  const { width, height } = await image.metadata();
  switch (int(0, 2)) {
    case 0: return image.resize(Math.round(width! * 0.6)).jpeg({ quality: 55 }).toBuffer();
    case 1: return image.extract({ left: Math.round(width! * 0.03), top: Math.round(height! * 0.03), width: Math.round(width! * 0.94), height: Math.round(height! * 0.94) }).jpeg({ quality: 75 }).toBuffer();
    default: return image.modulate({ brightness: 1.15 }).jpeg({ quality: 70 }).toBuffer();
  }
}

type Kind = 'ordinary' | 'copied_photo' | 'copied_text' | 'price_outlier' | 'burst';
interface Published { id: number; kind: Kind; ms: number }

const config = loadConfig({ DATABASE_URL: `sqlite:${path}`, MEDIA_DIR: join(scratch, 'media'), SEARCH_WORKERS: '0' });
try {
  const maintenance = await openMaintenance(config);
  await maintenance.migrate();
  await maintenance.close();
  const seeded = await seedDemoData(config, { posts: 30_000, profiles: 6_000, seed: 20260101, mediaDir: config.mediaDir });
  console.log(`seeded ${seeded.posts} posts over ${seeded.profiles} profiles in ${seeded.seconds.toFixed(1)} s`);

  const clock = new TestClock();
  const app = await createAppContext(config, { clock, timers: false });
  const query = sqliteKysely<Tables>(openDatabase(path, { busyTimeoutMs: 10_000 }));
  const kept = await updatePriceStatistics(app);
  console.log(`price statistics kept: ${kept} (category and condition, brand, product: each from ${PRICE_RULES.minSample}+ live sell ads)`);

  const tree = await app.repos.catalog.findCategoryTree();
  const slugOf = (name: string) => tree.find((row) => row.type === 'buysell' && row.name === name)!.slug;
  const jobCategory = tree.find((row) => row.type === 'jobs' && row.parent_id !== null)!.slug;
  // Businesses nobody owns, with a place: each account takes one.
  const free = (await query.selectFrom('profiles as pr').select('pr.id').where('pr.owner_user_id', 'is', null).where('pr.kind', '=', 'business')
    .where((eb) => eb.exists(eb.selectFrom('locations as l').select('l.id').whereRef('l.profile_id', '=', 'pr.id'))).orderBy('pr.id').limit(2_000).execute()).map((row) => Number(row.id));
  let accounts = 0;

  /** An advertiser account, `ageMs` old, owning a business with a trial's tokens. */
  async function account(ageMs: number): Promise<{ actor: { id: number; roles: string[] }; profileId: number }> {
    const n = ++accounts;
    const id = await app.repos.users.createUser({ name: `Seller ${n}`, email: `seller-${n}@bench.example`, phone_number: null, phone_number_country: null, password_hash: null });
    await app.repos.users.addRole(id, 'advertiser');
    await query.updateTable('users').set({ created_at: new Date(clock.now() - ageMs).toISOString() }).where('id', '=', id).execute();
    const profileId = free[n - 1]!;
    await query.updateTable('profiles').set({ owner_user_id: id, claimed: 1 }).where('id', '=', profileId).execute();
    const actor = { id, roles: ['advertiser'] };
    await startTrial(app, actor, profileId, 'BRONZE');
    return { actor, profileId };
  }
  const newAccount = () => account(int(5, 20 * 60) * 60_000);
  const oldAccount = () => account(int(40, 400) * DAY);

  const photos = new Map<number, Buffer>();
  async function upload(userId: number, file: Buffer): Promise<{ full: string }> {
    const target = join(scratch, `upload-${userId}-${int(0, 1e9)}.jpg`);
    writeFileSync(target, file);
    return (await storeImage(app, userUploadOwner(userId), { filename: 'photo.jpg', path: target, size: file.length }, 'image')).image as { full: string };
  }

  const published: Published[] = [];
  const texts = new Map<number, { title: string; summary: string; description: string }>();
  async function sell(owner: Awaited<ReturnType<typeof account>>, kind: Kind, ad: { item: (typeof ITEMS)[number]; price: number; title?: string; text?: { summary: string; description: string }; photo?: Buffer }) {
    const photo = ad.photo ?? await newPhoto();
    const words = ad.text ?? sentence(ad.item.item);
    const title = ad.title ?? `${ad.item.item}${random() < 0.5 ? ' (Used)' : ''}`;
    const body = {
      type: 'buysell', profile_id: owner.profileId, title, summary: words.summary.slice(0, 250), categories: [slugOf(ad.item.category)], images: [await upload(owner.actor.id, photo)],
      buysell: { type: 'sell', condition: random() < 0.55 ? 'used' : 'new', brand: ad.item.brand === 'n/a' ? null : ad.item.brand, method: ['self-pickup'], description: words.description, price_min: ad.price, qty: 1 },
    };
    const begun = performance.now();
    const { post } = await createPost(app, owner.actor, parseInput(NewPostSchema, body), { confirm: true });
    published.push({ id: post.id, kind, ms: performance.now() - begun });
    photos.set(post.id, photo);
    texts.set(post.id, { title, summary: body.summary, description: words.description });
    return post.id;
  }
  async function job(owner: Awaited<ReturnType<typeof account>>) {
    const role = pick(['Barista', 'Cashier', 'Delivery Rider', 'Admin Clerk', 'Kitchen Helper', 'Sales Promoter', 'Tuition Teacher', 'Store Keeper']);
    const body = {
      type: 'jobs', profile_id: owner.profileId, title: `${role} (${pick(PLACES)})`, summary: `${pick(['We are hiring a', 'Looking for a', 'Join us as a'])} ${role.toLowerCase()} ${pick(['for our new branch', 'to start next week', 'on weekday shifts', 'who loves people'])}.`,
      categories: [jobCategory], images: [await upload(owner.actor.id, await newPhoto())],
      job: { type: ['FT'], qualification: ['spm'], level: 'junior_executive', requirements: `${pick(STATES)}.`, responsibilities: `${pick(DEALS)}`, benefits: 'EPF, SOCSO and meals.', salary_min: int(18, 25) * 100, salary_max: int(26, 35) * 100, salary_type: 'month', document_resume_cv: false },
    };
    const begun = performance.now();
    const { post } = await createPost(app, owner.actor, parseInput(NewPostSchema, body), { confirm: true });
    published.push({ id: post.id, kind: 'ordinary', ms: performance.now() - begun });
  }
  const market = (item: (typeof ITEMS)[number]) => Math.round(item.price * (0.7 + random() * 0.5));

  // Ordinary accounts: most post one ad, some a moving-out sale of several on their first day.
  for (let n = 0; n < 300; n++) {
    const owner = random() < 0.6 ? await newAccount() : await oldAccount();
    const ads = random() < 0.7 ? 1 : int(2, 4);
    for (let a = 0; a < ads; a++) {
      if (random() < 0.2) await job(owner);
      else {
        const item = pick(ITEMS);
        await sell(owner, 'ordinary', { item, price: market(item) });
      }
    }
  }
  const ordinarySells = published.filter((ad) => ad.kind === 'ordinary' && photos.has(ad.id)).map((ad) => ad.id);

  // The planted set, in a shuffled order.
  const plants: (() => Promise<unknown>)[] = [];
  for (let n = 0; n < 40; n++) {
    plants.push(async () => {
      const source = pick(ordinarySells);
      const item = pick(ITEMS);
      await sell(await newAccount(), 'copied_photo', { item, price: market(item), photo: await copiedPhoto(photos.get(source)!) });
    });
  }
  for (let group = 0; group < 10; group++) {
    const item = pick(ITEMS);
    const text = sentence(item.item);
    const title = `${item.item} ${pick(['Cheap Cheap', 'Best Deal', 'Clearance', 'Limited Stock'])}`;
    for (let member = 0; member < 3; member++) {
      plants.push(async () => {
        await sell(await newAccount(), 'copied_text', { item, title, price: market(item), text: { summary: text.summary, description: text.description.replace(/Call .*$/, `Call ${phone()}.`) } });
      });
    }
  }
  for (let n = 0; n < 15; n++) {
    plants.push(async () => {
      const source = pick(ordinarySells);
      const text = texts.get(source)!;
      const item = pick(ITEMS);
      await sell(await newAccount(), 'copied_text', { item, title: text.title, price: market(item), text: { summary: text.summary, description: text.description.replace(/Call .*$/, `Call ${phone()}.`) } });
    });
  }
  for (let n = 0; n < 40; n++) {
    plants.push(async () => {
      const item = pick(ITEMS.filter((entry) => entry.price >= 50));
      await sell(random() < 0.5 ? await newAccount() : await oldAccount(), 'price_outlier', { item, price: Math.max(1, Math.round(item.price * (0.15 + random() * 0.2))) });
    });
  }
  for (let n = 0; n < 10; n++) {
    plants.push(async () => {
      const owner = await newAccount();
      for (let a = 0; a < 5; a++) {
        const item = pick(DEAR);
        await sell(owner, 'burst', { item, price: Math.round(item.price * (1 + random() * 0.2)) });
      }
    });
  }
  for (let i = plants.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [plants[i], plants[j]] = [plants[j]!, plants[i]!];
  }
  for (const plant of plants) await plant();

  // Held at the end: waiting for an operator, as a held draft or held back while hidden.
  const rows = await query.selectFrom('posts').select(['id', 'held_reason', 'status']).where('id', 'in', published.map((ad) => ad.id)).execute();
  const held = new Map(rows.map((row) => [Number(row.id), row.held_reason !== null && row.held_reason !== 'refused' ? row.held_reason : null]));
  const kinds: Kind[] = ['copied_photo', 'copied_text', 'price_outlier', 'burst', 'ordinary'];
  for (const kind of kinds) {
    const ads = published.filter((ad) => ad.kind === kind);
    const caught = ads.filter((ad) => held.get(ad.id));
    const checks = new Map<string, number>();
    for (const ad of caught) for (const check of held.get(ad.id)!.split(',')) checks.set(check, (checks.get(check) ?? 0) + 1);
    console.log(`${kind.padEnd(14)} ${String(ads.length).padStart(4)} ads: ${percent(caught.length, ads.length).padStart(6)} held  [${[...checks].map(([check, count]) => `${check} ${count}`).join(', ')}]`);
  }
  if (process.argv.includes('--verbose')) {
    const signals = new Map((await query.selectFrom('posts').select(['id', 'held_signals', 'title', 'price_min_sen']).where('id', 'in', published.map((ad) => ad.id)).execute())
      .map((row) => [Number(row.id), `${row.title} (RM ${Number(row.price_min_sen ?? 0) / 100}) ${row.held_signals ?? ''}`]));
    for (const ad of published) {
      if ((ad.kind === 'ordinary') === Boolean(held.get(ad.id))) console.log(`  ${ad.kind === 'ordinary' ? 'ordinary held' : `${ad.kind} missed`}: ${signals.get(ad.id)}`);
    }
  }
  const times = published.map((ad) => ad.ms).sort((a, b) => a - b);
  console.log(`publishing with the checks: median ${times[times.length >> 1]!.toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(1)} ms over ${times.length} ads`);
  const planted = published.filter((ad) => ad.kind !== 'ordinary');
  const ordinary = published.filter((ad) => ad.kind === 'ordinary');
  const plantedHeld = planted.filter((ad) => held.get(ad.id)).length;
  const ordinaryHeld = ordinary.filter((ad) => held.get(ad.id)).length;
  console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`planted held: ${percent(plantedHeld, planted.length)} (${plantedHeld}/${planted.length}); ordinary held: ${percent(ordinaryHeld, ordinary.length)} (${ordinaryHeld}/${ordinary.length})`);
  await app.close();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
