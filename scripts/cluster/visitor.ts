/**
 * A visitor's write through the cluster's site (the bench and the test's steady writer): a contact message, with the
 * CSRF token fetched first, from `from` (X-Forwarded-For, so the per-visitor limit of public forms is each writer's).
 */
export async function sendContactMessage(base: string, site: string, message: string, from: string): Promise<{ status: number; cookies: string[] }> {
  const headers = { Origin: site, 'X-Forwarded-For': from };
  const token = await fetch(`${base}/api/sanctum/csrf-cookie`, { headers, signal: AbortSignal.timeout(10_000) });
  // No token (the site is busy switching over): the write was not tried.
  if (!token.ok) return { status: token.status, cookies: [] };
  const cookie = token.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const sent = await fetch(`${base}/api/contact`, {
    method: 'POST', signal: AbortSignal.timeout(15_000),
    headers: {
      ...headers, 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie,
      'X-XSRF-TOKEN': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? ''),
    },
    body: JSON.stringify({ name: 'Cluster Writer', phone_number: '012-345 6789', message }),
  });
  await sent.arrayBuffer();
  return { status: sent.status, cookies: sent.headers.getSetCookie() };
}
