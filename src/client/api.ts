/**
 * The browser's API client: JSON over ky with the CSRF handshake of spec §7. Before an unsafe call it
 * fetches the XSRF-TOKEN cookie when there is none, sends it back in X-XSRF-TOKEN, and on a 419 (the
 * token expired or rotated) reloads the page (spec §8).
 */
import ky from 'ky';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function cookie(name: string): string | undefined {
  return document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The token cookie, asking the server for one first when the browser has none. */
async function csrfToken(): Promise<string | undefined> {
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
        if (!UNSAFE.has(request.method)) return;
        const token = await csrfToken();
        if (token) request.headers.set('X-XSRF-TOKEN', token);
      },
    ],
    afterResponse: [
      ({ response }) => {
        if (response.status === 419) window.location.reload();
      },
    ],
  },
});
