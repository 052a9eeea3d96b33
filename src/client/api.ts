/**
 * The browser's API client: JSON over ky with the CSRF handshake of spec §7. Before an unsafe call it
 * fetches the XSRF-TOKEN cookie when there is none, sends it back in X-XSRF-TOKEN, and on a 419 (the
 * token expired or rotated) reloads the page (spec §8). A 401 means the session is gone: the user is
 * signed out, the login modal opens in login mode and a warning says why (spec §8).
 */
import ky, { HTTPError } from 'ky';
import { showToast } from '../stores/toasts.ts';
import { openLogin, signedOut } from '../stores/session.ts';
import * as m from '../paraglide/messages.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function cookie(name: string): string | undefined {
  return document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The token cookie, asking the server for one first when the browser has none. */
export async function csrfToken(): Promise<string | undefined> {
  if (!cookie('XSRF-TOKEN')) await fetch('/api/sanctum/csrf-cookie', { credentials: 'include' });
  const token = cookie('XSRF-TOKEN');
  return token === undefined ? undefined : decodeURIComponent(token);
}

export const api = ky.create({
  prefix: '/api/',
  credentials: 'include',
  timeout: 15_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      async ({ request }) => {
        // The page's language (issue 42): the API answers its messages in it.
        request.headers.set('Accept-Language', document.documentElement.lang || 'en-MY');
        if (!UNSAFE.has(request.method)) return;
        const token = await csrfToken();
        if (token) request.headers.set('X-XSRF-TOKEN', token);
      },
    ],
    afterResponse: [
      async ({ response }) => {
        if (response.status === 419) window.location.reload();
        if (response.status === 401) {
          const body = await response.clone().json().catch(() => ({})) as { message?: string };
          signedOut();
          openLogin('login');
          // The spec's 'Session expired!' instead of the bare 'Unauthenticated.', both in the page's language as its <html>
          // names them (RootLayout; the API answers in that language): no message code here.
          const { sessionExpired = 'Session expired!', unauthenticated = 'Unauthenticated.' } = document.documentElement.dataset;
          showToast(body.message && body.message !== unauthenticated ? body.message : sessionExpired, 'warning');
        }
      },
    ],
  },
});

/** The error body of a failed call (spec §8: message, and errors per field on a 422). */
export function errorBody(error: unknown): { status: number; message?: string; errors?: Record<string, string[]> } {
  if (!(error instanceof HTTPError)) return { status: 0, message: m.api_connection_failed() };
  // ky has read the body into error.data already (the response body itself is used up).
  const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as { message?: string; errors?: Record<string, string[]> };
  return { status: error.response.status, ...body };
}

