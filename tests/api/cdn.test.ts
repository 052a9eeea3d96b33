import { beforeAll, describe, expect, it } from 'vitest';
import { getPostPage } from '../../src/server/pages/post-page.ts';
import { PostSchema } from '../../src/shared/schemas/catalog.ts';
import { apiClient } from '../helpers/api.ts';
import { useTemplateCopy } from '../helpers/seeded-db.ts';
import { liveSql } from '../helpers/live.ts';

const CDN = 'https://cdn.example.com/media';
const copy = useTemplateCopy({ MEDIA_BASE_URL: CDN, SITE_URL: 'https://yp.example' });
let get: ReturnType<typeof apiClient>;

beforeAll(() => {
  get = apiClient(copy.app);
});

describe('media on a CDN (MEDIA_BASE_URL)', () => {
  const slug = () => String(copy.db.prepare(`SELECT p.slug FROM posts p WHERE p.type = 'buysell' AND ${liveSql()} AND p.price_min_sen IS NOT NULL
    AND EXISTS (SELECT 1 FROM post_media m WHERE m.post_id = p.id) LIMIT 1`).get()!.slug);

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
