import { createApi } from '../../src/server/api/app.ts';
import type { AppContext } from '../../src/server/app-context.ts';

let visitors = 0;

/**
 * Calls the API in-process, as the Astro route would, and returns status and parsed JSON. Without a
 * client address (here or per call) every call comes from another visitor, as a test's many calls
 * would in real use, so per-client limits only apply where a test names the client.
 */
export function apiClient(app: AppContext, defaultClient?: string) {
  const api = createApi(app);
  return async (path: string, init?: RequestInit, clientAddress = defaultClient ?? `198.18.${(++visitors >> 8) & 255}.${visitors & 255}`): Promise<{ status: number; body: unknown; headers: Headers }> => {
    const response = await api.request(path, init, { clientAddress });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
}
