
/** Asks the API for a CSRF cookie as a browser would, and returns the headers that send it back (spec §7). */
export async function csrfHeaders(api: { request: (path: string) => Response | Promise<Response> }): Promise<{ Cookie: string; 'X-XSRF-TOKEN': string }> {
  const response = await api.request('/api/sanctum/csrf-cookie');
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1];
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { Cookie: `XSRF-TOKEN=${token}`, 'X-XSRF-TOKEN': decodeURIComponent(token) };
}
