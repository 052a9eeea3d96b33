import { Hono } from 'hono';
import { z } from 'zod';
import { getPostBySlug } from '../catalog/posts.ts';
import { getProfileBySlug } from '../catalog/profiles.ts';
import type { Db } from '../db/connection.ts';
import { notFound } from '../errors.ts';

/** Slugs are lower-case words joined by hyphens; anything else cannot name a listing. */
export const SlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(200);

/** GET post/slug/{slug}. */
export function postRoutes(db: Db) {
  return new Hono().get('/slug/:slug', (c) => {
    const slug = SlugSchema.safeParse(c.req.param('slug'));
    const post = slug.success ? getPostBySlug(db, slug.data) : undefined;
    if (!post) throw notFound('Post not found.');
    return c.json(post);
  });
}

/** GET profile/slug/{slug}. */
export function profileRoutes(db: Db) {
  return new Hono().get('/slug/:slug', (c) => {
    const slug = SlugSchema.safeParse(c.req.param('slug'));
    const profile = slug.success ? getProfileBySlug(db, slug.data) : undefined;
    if (!profile) throw notFound('Profile not found.');
    return c.json(profile);
  });
}
