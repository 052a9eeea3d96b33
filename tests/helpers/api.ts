import { createApi } from '../../src/server/api/app.ts';
import type { AppContext } from '../../src/server/app-context.ts';

/** Calls the API in-process, as the Astro route would, and returns status and parsed JSON. */
export function apiClient(app: AppContext, defaultClient = '203.0.113.7') {
  const api = createApi(app);
  return async (path: string, init?: RequestInit, clientAddress = defaultClient): Promise<{ status: number; body: unknown; headers: Headers }> => {
    const response = await api.request(path, init, { clientAddress });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
}
