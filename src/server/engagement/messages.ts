import { createHash } from 'node:crypto';
import { ContactMessageSchema, ReportSchema, type ContactMessage } from '../../shared/schemas/engagement.ts';
import type { Repositories } from '../db/repositories.ts';
import { AppError, parseInput } from '../errors.ts';
import type { RateLimits } from '../rate-limits.ts';
import { say } from '../../shared/said.ts';

/** Visitors' addresses are kept only as a hash, enough to spot abuse. */
export function clientHash(client: string): string {
  return createHash('sha256').update(client).digest('hex').slice(0, 32);
}

/** What the contact form and the report form need: the repositories and the public-form limit. */
export interface FormContext {
  repos: Repositories;
  limits: RateLimits;
}

export const CONTACT_THANKS = say('api_thanks_contact');
function limit(context: FormContext, action: string, client: string): Promise<void> {
  return context.limits.hit('publicForm', `${action}|${client}`);
}

/**
 * The contact form, from the API and the no-JS page alike: validates (422 per field), limits (429)
 * and stores. A filled honeypot is accepted silently and dropped (bots learn nothing).
 */
export async function submitContactMessage(context: FormContext, input: unknown, client: string): Promise<ContactMessage> {
  const message = parseInput(ContactMessageSchema, input);
  await limit(context, 'contact', client);
  if (!message.website) {
    await context.repos.engagement.insertContactMessage({
      name: message.name, email: message.email ?? null, phone_number: message.phone_number, message: message.message, client_hash: clientHash(client),
    });
  }
  return message;
}

/** A report about a post or profile that exists: validated, limited, stored; 404 when the listing does not exist. */
export async function submitReport(context: FormContext, input: unknown, client: string, userId: number | null = null): Promise<void> {
  const report = parseInput(ReportSchema, input);
  await limit(context, 'report', client);
  if (report.website) return;
  const listing = { type: report.type, id: report.id };
  if (!(await context.repos.catalog.listingExists(listing))) throw new AppError('listing_not_found');
  await context.repos.engagement.insertReport({ listing, reason: report.reason, description: report.description, client_hash: clientHash(client), user_id: userId });
}
