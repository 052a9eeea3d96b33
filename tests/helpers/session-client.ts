import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { createApi } from '../../src/server/api/app.ts';
import { scaled } from './time-factor.ts';

type Api = ReturnType<typeof createApi>;

export interface Answer<Body = Record<string, unknown>> {
  status: number;
  body: Body & { message?: string; errors?: Record<string, string[]>; data?: unknown };
  headers: Headers;
  cookies: string[];
}

/**
 * One browser talking to the API in-process: it keeps the cookies the API sets (session, XSRF-TOKEN,
 * the social-login flow) and sends the XSRF token back on unsafe calls, as src/client/api.ts does.
 */
export class SessionClient {
  readonly jar = new Map<string, string>();
  private readonly api: Api;
  readonly client: string;
  private readonly settle: () => Promise<void>;

  /**
   * `settle` runs after each call: an in-process app's `outbox.settled()`, since mail goes out in the
   * background after the answer (as a person's inbox receives it a moment later).
   */
  constructor(api: Api, client: string, settle: () => Promise<void> = async () => undefined) {
    this.api = api;
    this.client = client;
    this.settle = settle;
  }

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<Body = Record<string, unknown>>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer<Body>> {
    if (!['GET', 'HEAD'].includes(method) && !this.jar.has('XSRF-TOKEN')) await this.call('GET', '/api/sanctum/csrf-cookie');
    const token = this.jar.get('XSRF-TOKEN');
    const response = await this.api.request(path, {
      method,
      headers: {
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.jar.size > 0 ? { Cookie: this.cookieHeader() } : {}),
        ...(token && !['GET', 'HEAD'].includes(method) ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    }, { clientAddress: this.client });
    const cookies = response.headers.getSetCookie();
    for (const cookie of cookies) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      if (attributes.some((attribute) => /^\s*Max-Age=0$/i.test(attribute))) this.jar.delete(name.trim());
      else this.jar.set(name.trim(), value.join('='));
    }
    const text = await response.text();
    await this.settle();
    return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers, cookies };
  }

  /** A GET whose answer is read as it comes (a Server-Sent Events stream): the raw response, with the session's cookies. */
  async stream(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.api.request(path, { method: 'GET', headers: { Cookie: this.cookieHeader(), Accept: 'text/event-stream', ...headers } }, { clientAddress: this.client });
  }

  /** A multipart POST (files and fields), with the session's cookies and XSRF token. */
  async postForm<Body = Record<string, unknown>>(path: string, form: FormData): Promise<Answer<Body>> {
    if (!this.jar.has('XSRF-TOKEN')) await this.call('GET', '/api/sanctum/csrf-cookie');
    const response = await this.api.request(path, {
      method: 'POST', body: form,
      headers: { Cookie: this.cookieHeader(), 'X-XSRF-TOKEN': decodeURIComponent(this.jar.get('XSRF-TOKEN')!) },
    }, { clientAddress: this.client });
    const text = await response.text();
    await this.settle();
    return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers, cookies: response.headers.getSetCookie() };
  }

  /** A GET whose answer is read as text (a CSV download), with the session's cookies. */
  async getText(path: string): Promise<{ status: number; text: string; bytes: Buffer; headers: Headers }> {
    const response = await this.api.request(path, { headers: this.jar.size > 0 ? { Cookie: this.cookieHeader() } : {} }, { clientAddress: this.client });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, text: bytes.toString('utf8'), bytes, headers: response.headers };
  }

  get = (path: string, headers?: Record<string, string>) => this.call('GET', path, undefined, headers);
  post = (path: string, json: unknown = {}) => this.call('POST', path, json);
  patch = (path: string, json: unknown = {}) => this.call('PATCH', path, json);
}

/** A mail's text as written (quoted-printable soft breaks and escapes undone), to search in. */
export function decodedMail(message: string): string {
  const bytes = message.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Messages the outbox wrote to `directory` for `to` (an e-mail, or calling code and number), oldest first. */
export function messagesTo(directory: string, to: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory).sort();
  } catch {
    return [];
  }
  const header = to.includes('@') ? `To: ${to}` : `To: +${to}`;
  // Messages only: a file still being written is a `.partial` one (outbox.ts's writeOnce).
  return names.filter((name) => /\.(eml|txt)$/.test(name))
    .map((name) => readableMessage(readFileSync(join(directory, name), 'utf8'))).filter((text) => text.split('\n').some((line) => line.trim() === header));
}

/**
 * A message as a person reads it: a mail's base64 parts and base64 encoded-word headers decoded (nodemailer writes a
 * mostly Chinese mail so); quoted-printable is left as written, as the tests that read it expect.
 */
export function readableMessage(raw: string): string {
  return raw.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, text: string) => Buffer.from(text, 'base64').toString('utf8'))
    .replace(/(Content-Transfer-Encoding: base64\n\n)([\s\S]*?)(?=\n--)/gi, (_, head: string, body: string) => head + Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
}

/** The six-digit code of the newest message to `to`, read from the outbox as a person would, in any of the site's languages. */
export function latestCode(directory: string, to: string): string {
  const messages = messagesTo(directory, to);
  const code = /(?:code is|ialah|验证码是) ?(\d{6})/.exec(messages.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/**
 * Runs `send` (a click on Get Code, say) and waits until a new message reaches `to`; returns its code.
 * Waiting on the outbox, not on a toast, since an earlier toast may still show the same words.
 */
export async function codeAfter(directory: string, to: string, send: () => Promise<unknown>, timeoutMs = scaled(10_000)): Promise<string> {
  const before = messagesTo(directory, to).length;
  await send();
  const deadline = Date.now() + timeoutMs;
  while (messagesTo(directory, to).length <= before) {
    if (Date.now() > deadline) throw new Error(`no new message for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return latestCode(directory, to);
}
