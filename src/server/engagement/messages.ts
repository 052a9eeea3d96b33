import { createHash } from 'node:crypto';
import type { ContactMessage, Report } from '../../shared/schemas/engagement.ts';
import type { Db } from '../db/connection.ts';
import { insertContactMessage, insertReport } from '../db/repositories/engagement.ts';
import { postExists, profileExists } from '../db/repositories/reviews.ts';
import { AppError } from '../errors.ts';

/** Visitors' addresses are kept only as a hash, enough to spot abuse. */
function clientHash(client: string): string {
  return createHash('sha256').update(client).digest('hex').slice(0, 32);
}

/** Stores a contact message. A filled honeypot is accepted silently and dropped (bots learn nothing). */
export function receiveContactMessage(db: Db, message: ContactMessage, client: string): void {
  if (message.website) return;
  insertContactMessage(db, { name: message.name, email: message.email ?? null, phone_number: message.phone_number, message: message.message, client_hash: clientHash(client) });
}

/** Stores a report about a post or profile that exists; 404 when it does not. */
export function receiveReport(db: Db, report: Report, client: string): void {
  if (report.website) return;
  const exists = report.type === 'profile' ? profileExists(db, report.id) : postExists(db, report.type, report.id);
  if (!exists) throw new AppError(404, 'Listing not found.');
  insertReport(db, { type: report.type, listing_id: report.id, reason: report.reason, description: report.description, client_hash: clientHash(client) });
}
