import type { Db } from '../connection.ts';
import { statement } from '../query.ts';

export function insertContactMessage(db: Db, message: { name: string; email: string | null; phone_number: string; message: string; client_hash: string }): number {
  return Number(statement(db, `INSERT INTO contact_messages (name, email, phone_number, message, client_hash, created_at)
    VALUES (?, ?, ?, ?, ?, ?) RETURNING id`).get(message.name, message.email, message.phone_number, message.message, message.client_hash, new Date().toISOString())?.id);
}

export function insertReport(db: Db, report: { type: string; listing_id: number; reason: string; description: string; client_hash: string }): number {
  return Number(statement(db, `INSERT INTO reports (type, listing_id, reason, description, client_hash, created_at)
    VALUES (?, ?, ?, ?, ?, ?) RETURNING id`).get(report.type, report.listing_id, report.reason, report.description, report.client_hash, new Date().toISOString())?.id);
}
