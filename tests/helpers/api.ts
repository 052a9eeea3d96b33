import { createApi } from '../../src/server/api/app.ts';
import type { Db } from '../../src/server/db/connection.ts';

/** Calls the API in-process, as the Astro route would, and returns status and parsed JSON. */
export function apiClient(db: Db) {
  const api = createApi(db);
  return async (path: string, init?: RequestInit): Promise<{ status: number; body: unknown; headers: Headers }> => {
    const response = await api.request(path, init);
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
}
