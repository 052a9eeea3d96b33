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

/** One write's answer: its status (0: none came) and whether it began after the loss was marked. */
export interface WriteAnswer {
  status: number;
  afterLoss: boolean;
  at: number;
}

/**
 * A steady writer (the failover's test and bench): contact messages through the site one after another, each with a
 * marker of its own from its own visitor address, until stopped; every answer is recorded, and the markers of those
 * acknowledged (201), to look for on the new primary.
 */
export class SteadyWriter {
  readonly acknowledged: string[] = [];
  readonly answers: WriteAnswer[] = [];
  /** When the loss was marked (0: not yet). */
  private lossAt = 0;
  private running = true;
  private readonly loop: Promise<void>;

  constructor(site: string, prefix: string, pauseMs: number) {
    this.loop = (async () => {
      for (let sequence = 1; this.running; sequence++) {
        const marker = `${prefix} ${sequence}`;
        const afterLoss = this.lossAt > 0;
        let status = 0;
        try {
          status = (await sendContactMessage(site, site, marker, `198.51.100.${sequence % 250}`)).status;
        } catch { /* no answer: its outcome is unknown */ }
        if (status === 201) this.acknowledged.push(marker);
        this.answers.push({ status, afterLoss, at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    })();
  }

  /** From now on, writes count as begun after the loss. */
  markLoss(): void {
    this.lossAt = Date.now();
  }

  /** The statuses of the writes begun after the loss, in order. */
  afterLoss(): number[] {
    return this.answers.filter((answer) => answer.afterLoss).map((answer) => answer.status);
  }

  /** When the first write begun after the loss was acknowledged, if one was. */
  firstAcknowledgedAfterLoss(): number | undefined {
    return this.answers.find((answer) => answer.afterLoss && answer.status === 201)?.at;
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }
}
