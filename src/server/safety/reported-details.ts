/**
 * Payment details reported across conversations (issue 64). When a side reports a conversation as a scam, the bank
 * accounts, phone numbers and links the other side wrote in it are normalised and counted. A detail is marked once
 * 3 distinct established people reported it (the reply-time badge's rule: an account 14 days old with activity on
 * the site), none linked to the reported account or to one another by a device or a sign-in client; or once an
 * operator confirms it.
 * Any later message carrying a marked detail shows "Reported as a scam on this site". Below the mark only operators
 * see the count; the public check (`GET /api/safety/check`) answers only whether an operator confirmed a detail.
 *
 * Retention (the details are personal data): a report goes 12 months after it was made (or with its conversation,
 * 24 months after the conversation's last message); a detail left with no report goes, unless an operator confirmed
 * it; a confirmation lasts 24 months. The daily job `reported_details_retention` removes them.
 */
import { LinkifyIt } from 'linkify-it';
import { parse } from 'tldts';
import { z } from 'zod';
import { normaliseMessage } from '../../shared/scam-rules.ts';
import { say } from '../../shared/said.ts';
import { audit } from '../audit-log.ts';
import type { Clock } from '../clock.ts';
import { command } from '../command.ts';
import type { Repositories } from '../db/repositories.ts';
import type { PaymentDetail, PersonFactsRow, ReportedDetailStatus } from '../db/trust-rows.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { ESTABLISHED_DAYS, linked } from '../trust/responsiveness.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Distinct established, unlinked reporters that mark a detail. */
const MARKING_REPORTERS = 3;
const REPORTS_KEPT_DAYS = 365;
const CONFIRMATIONS_KEPT_DAYS = 730;
/** The sign-ins looked at for links between reporter and reported. */
const LINK_WINDOW_DAYS = 90;

const linkify = new LinkifyIt().set({ fuzzyLink: true });

/** A Malaysian phone number from its 0 ('+60 12-345 6789' → '0123456789'), or null. */
function phoneOf(digits: string): string | null {
  const local = digits.startsWith('60') ? `0${digits.slice(2)}` : digits;
  return /^0\d{8,10}$/.test(local) ? local : null;
}

/** The key a detail is known by: its kind and value. */
export const detailKey = (detail: PaymentDetail) => `${detail.kind}:${detail.value}`;

/**
 * The payment details a message carries, normalised: bank accounts (10–16 digits, spaces and dashes dropped), phone
 * numbers (from 0), and links (host and path, lower case, no query). An e-wallet is reached by its phone number.
 */
export function paymentDetails(text: string): PaymentDetail[] {
  const plain = normaliseMessage(text);
  const found = new Map<string, PaymentDetail>();
  const add = (detail: PaymentDetail) => found.set(detailKey(detail), detail);
  for (const [number] of plain.matchAll(/\+?\d(?:[\s-]?\d){7,17}/g)) {
    const digits = number.replace(/\D/g, '');
    const phone = phoneOf(digits);
    if (phone) add({ kind: 'phone', value: phone });
    else if (digits.length >= 10 && digits.length <= 16) add({ kind: 'account', value: digits });
  }
  for (const match of linkify.match(plain) ?? []) {
    const href = match.url.includes('://') ? match.url : `http://${match.url}`;
    if (match.schema === 'mailto:' || !URL.canParse(href)) continue;
    const url = new URL(href);
    const host = parse(url.hostname).hostname ?? url.hostname;
    add({ kind: 'link', value: `${host.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}`.toLowerCase() });
  }
  return [...found.values()];
}

export interface ReportedDetailDeps {
  repos: Repositories;
  clock: Clock;
}

/**
 * A conversation reported as a scam: the details the reported side wrote in it are counted, the reporter's report
 * counting toward the mark when they are established and unlinked to the reported account; a detail reaching
 * MARKING_REPORTERS such reporters is marked. One command: the reports and the marks commit together.
 */
export async function countReportedDetails(app: ReportedDetailDeps, report: { conversationId: number; reporterUserId: number; reportedUserId: number | null; texts: readonly string[] }): Promise<void> {
  const details = [...new Map(report.texts.flatMap(paymentDetails).map((detail) => [detailKey(detail), detail])).values()];
  if (details.length === 0) return;
  const now = app.clock.now();
  const people = report.reportedUserId === null ? [report.reporterUserId] : [report.reporterUserId, report.reportedUserId];
  const since = new Date(now - LINK_WINDOW_DAYS * DAY_MS).toISOString();
  const facts = await app.repos.trust.findPersonFacts(0, people, since);
  const reporter = facts.find((person) => person.user_id === report.reporterUserId);
  const reported = facts.find((person) => person.user_id === report.reportedUserId);
  const counted = reporter !== undefined && now - Date.parse(reporter.created_at) >= ESTABLISHED_DAYS * DAY_MS && reporter.activity > 0
    && !(reported && linked(reporter, reported));
  await recordReportsCommand(app.repos, { details, report: { conversationId: report.conversationId, reporterUserId: report.reporterUserId, reportedUserId: report.reportedUserId, counted }, since });
}

/** How many of these people stand apart: each linked to none counted before them (the reply-time badge's rule). */
function unlinkedCount(people: readonly PersonFactsRow[]): number {
  const counted: PersonFactsRow[] = [];
  for (const person of people) if (!counted.some((other) => linked(person, other))) counted.push(person);
  return counted.length;
}

const recordReportsCommand = command({
  load: async () => undefined,
  async run(tx, _loaded, input: { details: PaymentDetail[]; report: Parameters<Repositories['reportedDetails']['recordReports']>[1]; since: string }) {
    const ids = await tx.reportedDetails.recordReports(input.details, input.report);
    for (const id of ids) {
      if (await tx.reportedDetails.countCountedReporters(id) < MARKING_REPORTERS) continue;
      // Counting reporters linked to one another (one device, one home's sign-in address) count once.
      const detail = (await tx.reportedDetails.findDetail(id))!;
      const reporters = [...new Set(detail.reports.filter((report) => report.counted).map((report) => report.reporter_user_id))];
      if (unlinkedCount(await tx.trust.findPersonFacts(0, reporters, input.since)) >= MARKING_REPORTERS) {
        await tx.reportedDetails.setStatus(id, ['counted'], 'marked', { by: null, reason: `${MARKING_REPORTERS} established people reported it` });
      }
    }
  },
});

/** Of these messages' details (each message's, by key), those marked (reported by enough people, or confirmed). */
export async function markedDetails(repos: Pick<Repositories, 'reportedDetails'>, details: ReadonlyMap<number, readonly PaymentDetail[]>): Promise<Set<string>> {
  const marked = await repos.reportedDetails.findMarked([...details.values()].flat());
  return new Set(marked.map(detailKey));
}

/** GET /api/operator/reported-details: the details, newest first, with their reports and the conversations they came from. */
export function listReportedDetails(repos: Pick<Repositories, 'reportedDetails'>) {
  return repos.reportedDetails.listDetails(200);
}

const DecisionSchema = z.object({ reason: z.string({ error: say('form_give_decision_reason') }).trim().min(3, say('form_give_decision_reason')).max(500) });

interface Decision { id: number; reason: string; actor: Actor; client: string }

function decide(to: ReportedDetailStatus, from: ReportedDetailStatus[], action: string) {
  const decided = command({
    async load(tx, input: Decision) {
      const detail = await tx.reportedDetails.findDetail(input.id);
      if (!detail) throw notFound('reported_detail_not_found');
      return detail;
    },
    allow(detail) {
      if (!from.includes(detail.status)) throw new AppError('reported_detail_decided');
    },
    async run(tx, detail, input: Decision) {
      if (!await tx.reportedDetails.setStatus(detail.id, from, to, { by: input.actor.id, reason: input.reason })) throw new AppError('reported_detail_decided');
      await audit(tx, input.actor, input.client, { action, target: { type: 'reported_detail', id: detail.id }, reason: input.reason, before: { status: detail.status }, after: { status: to } });
      return { id: detail.id, kind: detail.kind, value: detail.value, status: to };
    },
  });
  return (repos: Repositories, actor: Actor, client: string, id: number, body: unknown) => decided(repos, { id, actor, client, reason: parseInput(DecisionSchema, body).reason });
}

/** POST /api/operator/reported-details/{id}/confirm {reason}: an operator confirms a detail as a scammer's (audited). */
export const confirmReportedDetail = decide('confirmed', ['counted', 'marked', 'cleared'], 'reported_detail.confirmed');
/** POST /api/operator/reported-details/{id}/clear {reason}: an operator clears a detail (audited): it warns no more. */
export const clearReportedDetail = decide('cleared', ['counted', 'marked', 'confirmed'], 'reported_detail.cleared');

export const CheckRequestSchema = z.object({ value: z.string({ error: say('form_give_check_value') }).trim().min(3, say('form_give_check_value')).max(200, say('form_give_check_value')) });

/** GET /api/safety/check?value=: whether an operator confirmed the detail a person is about to pay, never who reported it or where. */
export async function checkDetail(repos: Pick<Repositories, 'reportedDetails'>, value: string): Promise<{ value: string; kind: PaymentDetail['kind'] | null; confirmed: boolean }> {
  const [detail] = paymentDetails(value);
  if (!detail) return { value, kind: null, confirmed: false };
  return { value: detail.value, kind: detail.kind, confirmed: (await repos.reportedDetails.findStatus(detail)) === 'confirmed' };
}

/** The `reported_details_retention` job: reports a year old go, details left with none, confirmations two years old. */
export function removeExpiredReportedDetails(app: ReportedDetailDeps): Promise<number> {
  const now = app.clock.now();
  return app.repos.reportedDetails.removeExpired(new Date(now - REPORTS_KEPT_DAYS * DAY_MS).toISOString(), new Date(now - CONFIRMATIONS_KEPT_DAYS * DAY_MS).toISOString());
}
