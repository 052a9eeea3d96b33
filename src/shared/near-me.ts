/** The where value meaning the visitor's own position (spec §2), kept free of zod so every island can use it. */
export const NEAR_ME = 'Near Me';

/** True when a where value means the visitor's own position ('Near Me', in any case). */
export function isNearMe(where: string | null | undefined): boolean {
  return where?.trim().toLowerCase() === NEAR_ME.toLowerCase();
}
