import { beforeAll, describe, expect, it } from 'vitest';
import { getPostPage } from '../../src/server/pages/post-page.ts';
import { PostSchema } from '../../src/shared/schemas/catalog.ts';
import { apiClient } from '../helpers/api.ts';
import { livePosts } from '../fixtures/catalogue.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const CDN = 'https://cdn.example.com/media';
const copy = useTestDatabase({ MEDIA_BASE_URL: CDN, SITE_URL: 'https://yp.example' });
let get: ReturnType<typeof apiClient>;
let itemSlug: string;

beforeAll(async () => {
  get = apiClient(copy.app);
  // An item for sale with a price and photos.
  const priced = await livePosts(copy.app, 'buysell', 50, ({ row }) => row.price_min_sen !== null);
  const media = await copy.repos.catalog.findPostMedia(priced.map((post) => post.id), true);
  itemSlug = priced.find((post) => media.some((item) => item.owner_id === post.id))!.slug;
});

describe('media on a CDN (MEDIA_BASE_URL)', () => {
  const slug = () => itemSlug;

  it('gives media URLs under the CDN base in the API', async () => {
    const post = PostSchema.parse((await get(`/api/post/slug/${slug()}`)).body);
    expect(post.images.length).toBeGreaterThan(0);
    for (const item of post.images) expect(item.image.full.startsWith(`${CDN}/`)).toBe(true);
  });

  it('keeps CDN image URLs whole in the JSON-LD, and site URLs absolute', async () => {
    const page = (await getPostPage(copy.app, 'buysell', slug(), 1))!;
    expect(page.seo.jsonLd).toContain(`${CDN}/`);
    expect(page.seo.jsonLd).not.toContain('yp.examplehttps');
    expect(page.seo.jsonLd).toContain('https://yp.example/buysell/');
  });
});
