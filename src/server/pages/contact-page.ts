/**
 * The no-JS public forms' handling (the contact page, the appeal page): the same submission service as their API
 * route, behind the checks an API route gets from its middleware: the form's content type (415), a size cap read as
 * the body streams (413), the CSRF token field (419), then validation (422) and the limit (429).
 */
import type { AppContext } from '../app-types.ts';
import { MAX_JSON_BYTES } from '../api/body.ts';
import { clientAddressOf, clientKey } from '../client-ip.ts';
import { CSRF_MISMATCH, csrfCookie, csrfCookieOf, csrfTokensMatch, isSignedCsrfToken, newSignedCsrfToken, XSRF_FIELD } from '../csrf.ts';
import { confirmAppeal, submitAppeal } from '../engagement/appeals.ts';
import { submitContactMessage } from '../engagement/messages.ts';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { plainAnswer, readPageForm } from './page-form.ts';
import { HONEYPOT_FIELD } from '../../shared/schemas/engagement.ts';

/** The form's fields fit the same budget as the API's JSON body. */
const CONTACT_FORM_BYTES = MAX_JSON_BYTES;
const CONTACT_FIELDS = ['name', 'email', 'phone_number', 'message', HONEYPOT_FIELD] as const;
const APPEAL_FIELDS = ['email', 'message', HONEYPOT_FIELD] as const;

export interface ContactPage {
  /** A finished answer (415, 413, 419) instead of the page. */
  response?: Response;
  status: number;
  headers: [string, string][];
  /** The CSRF token the form carries. */
  token: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  sent: boolean;
  throttled: boolean;
  /** The database could not take the message just now (issue 41): the page says so and keeps what was typed. */
  paused: boolean;
}

/** The contact page (spec §5). */
export const handleContactPage = (app: AppContext, request: Request, socketAddress: string | undefined) =>
  handlePublicForm(app, request, socketAddress, CONTACT_FIELDS, submitContactMessage);

/**
 * The appeal page (issue 28): to the moderators, from anyone (a suspended person cannot sign in). With `?confirm=` it is
 * the page the mailed link opens: its button confirms the appeal (a GET never does: mail scanners open links).
 */
export async function handleAppealPage(app: AppContext, request: Request, socketAddress: string | undefined): Promise<ContactPage & { confirming: boolean }> {
  const confirm = new URL(request.url).searchParams.get('confirm');
  if (confirm === null) return { ...await handlePublicForm(app, request, socketAddress, APPEAL_FIELDS, submitAppeal), confirming: false };
  return { ...await handlePublicForm(app, request, socketAddress, [], (context) => confirmAppeal(context, confirm)), confirming: true };
}

async function handlePublicForm(app: AppContext, request: Request, socketAddress: string | undefined, fields: readonly string[],
  submit: (context: AppContext, input: unknown, client: string) => Promise<unknown>): Promise<ContactPage> {
  const page: ContactPage = { status: 200, headers: [['Cache-Control', 'no-store']], token: '', values: {}, errors: {}, sent: false, throttled: false, paused: false };
  // A visitor without the token cookie gets one (so the page cache never keeps this page).
  // Only a token this site signed counts: a planted cookie (with a matching field) is replaced, and refused.
  const sent = csrfCookieOf(request.headers.get('Cookie'));
  const cookie = isSignedCsrfToken(sent, app.secrets.csrf) ? sent : undefined;
  page.token = cookie ?? newSignedCsrfToken(app.secrets.csrf);
  if (!cookie) page.headers.push(['Set-Cookie', csrfCookie(page.token, app.config.siteUrl)]);
  if (request.method !== 'POST') return page;

  const form = await readPageForm(request, CONTACT_FORM_BYTES);
  if (form instanceof Response) return { ...page, response: form };
  if (!csrfTokensMatch(cookie, form.get(XSRF_FIELD) ?? '')) {
    return { ...page, response: plainAnswer(419, `${CSRF_MISMATCH} Reload the page and send the form again.`) };
  }
  page.values = Object.fromEntries(fields.map((field) => [field, form.get(field) ?? '']));
  try {
    const client = clientKey(clientAddressOf(socketAddress, request.headers.get('X-Forwarded-For'), app.config.trustProxy));
    await submit(app, page.values, client);
    return { ...page, sent: true, values: {} };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { ...page, status: 503, headers: [...page.headers, ['Retry-After', '5']], paused: true };
    if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 422 && error.status !== 429)) throw error;
    return {
      ...page,
      status: error.status,
      headers: [...page.headers, ...Object.entries(error.headers)],
      throttled: error.status === 429,
      errors: error.status === 404 ? { form: error.message } : Object.fromEntries(Object.entries(error.errors ?? {}).map(([field, messages]) => [field, messages[0] ?? ''])),
    };
  }
}
