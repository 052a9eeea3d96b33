import type { Db } from '../../../src/server/db/sqlite/connection.ts';
import type { ListingType, Plan } from '../../../src/shared/constants.ts';
import type { Random } from '../random.ts';

export interface SeedCity {
  id: number;
  name: string;
  stateId: number;
  stateName: string;
  areaCode: string;
  latitude: number;
  longitude: number;
  postcode: string;
  /** How often businesses are placed here: the Klang Valley and state capitals get more. */
  weight: number;
}

export interface SeedCategory {
  id: number;
  type: ListingType;
  name: string;
  slug: string;
  parentId: number | null;
  education: boolean;
}

export interface SeedProfile {
  id: number;
  kind: 'business' | 'individual';
  name: string;
  slug: string;
  plan: Plan;
  categoryIds: number[];
  locationIds: number[];
  city: SeedCity;
}

export interface SeedMedia {
  post: number[];
  logo: number[];
  banner: number[];
  avatar: number[];
  documents: { id: number; title: string }[];
}

/** Everything the seeding steps share. */
export interface SeedContext {
  db: Db;
  random: Random;
  /** Timestamps are relative to this fixed instant so every run writes the same data. */
  now: number;
  cities: SeedCity[];
  /** Each city repeated by its weight, so a uniform pick is a weighted one. */
  cityPool: SeedCity[];
  categories: SeedCategory[];
  media: SeedMedia;
  statement(sql: string): ReturnType<Db['prepare']>;
  log(line: string): void;
}

export const DAY_MS = 86_400_000;

export function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

export function pickCity(context: SeedContext): SeedCity {
  return context.random.pick(context.cityPool);
}

export function childCategories(context: SeedContext, type: ListingType): SeedCategory[] {
  return context.categories.filter((category) => category.type === type && category.parentId !== null);
}
