/**
 * Migration 0042 (issue 44) on the configured backend: enquiry threads become conversations, and nothing is lost. A
 * new database is migrated up to 0041, given enquiries and replies as the old schema held them, then migrated on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openBackend, openMaintenance } from '../../src/server/db/backend.ts';
import { SUITE_ENV } from '../helpers/suite-env.ts';
import { testDatabases } from '../helpers/test-database.ts';

const databases = testDatabases();
const dir = mkdtempSync(join(tmpdir(), 'yp-conversation-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (minutes: number) => `'${new Date(Date.parse('2026-10-01T02:00:00Z') + minutes * 60_000).toISOString()}'`;

describe('migration 0042: conversations from the enquiry threads', () => {
  it('makes one conversation per sender, listing and owner, keeps every enquiry and reply word for word, and carries the lead status over', async () => {
    const url = await databases.fresh(dir, 'migration');
    const config = loadConfig({ ...SUITE_ENV, DATABASE_URL: url });
    const maintenance = await openMaintenance(config);
    await maintenance.migrate('0042');
    const layer = databases.query(url);
    const run = (text: string) => sql.raw(text).execute(layer.query);
    await run(`INSERT INTO users (id, name, email, created_at, updated_at) VALUES
      (1, 'Owner Ah', 'owner@example.my', ${at(0)}, ${at(0)}), (2, 'Siti', 'siti@example.my', ${at(0)}, ${at(0)}), (3, 'Ali', 'ali@example.my', ${at(0)}, ${at(0)})`);
    await run(`INSERT INTO profiles (id, slug, name, created_at, updated_at, owner_user_id) VALUES (10, 'kedai-ah', 'Kedai Ah', ${at(0)}, ${at(0)}, 1)`);
    const enquiry = (id: number, user: number, owner: number | null, status: string, minutes: number, description: string) =>
      `(${id}, 'services', ${user}, 10, 'Kedai Ah', 'Sender', '0123456789', 'call', '{"description":"${description}"}', ${at(minutes)}, ${owner ?? 'NULL'}, '${status}')`;
    await run(`INSERT INTO enquiries (id, kind, user_id, profile_id, listing_title, name, phone_number, contact_method, details, created_at, owner_user_id, lead_status) VALUES
      ${enquiry(1, 2, 1, 'new', 10, 'Open on Sunday?')}, ${enquiry(2, 2, 1, 'new', 40, 'And on Monday?')},
      ${enquiry(3, 3, 1, 'archived', 20, 'Aircon service?')}, ${enquiry(4, 3, null, 'new', 5, 'Before the claim')}`);
    await run(`INSERT INTO enquiry_replies (id, enquiry_id, side, user_id, message, created_at) VALUES
      (1, 1, 'owner', 1, 'Yes, 9 to 5.', ${at(15)}), (2, 1, 'sender', 2, 'Thanks!', ${at(30)}), (3, 3, 'owner', 1, 'Fully booked, sorry.', ${at(25)})`);
    await layer.close();
    await maintenance.migrate();
    await maintenance.close();

    const backend = await openBackend(config);
    const { query, close } = databases.query(url);
    try {
      const conversations = await query.selectFrom('conversations').selectAll().orderBy('id').execute();
      expect(conversations).toHaveLength(3);
      const messages = await query.selectFrom('conversation_messages').selectAll().orderBy('id').execute();
      // Four enquiries and three replies, each once, the replies' words unchanged.
      expect(messages).toHaveLength(7);
      expect(messages.filter((row) => row.kind === 'text').map((row) => [row.side, row.text]).sort())
        .toEqual([['owner', 'Fully booked, sorry.'], ['owner', 'Yes, 9 to 5.'], ['person', 'Thanks!']]);
      expect(messages.filter((row) => row.kind === 'enquiry').map((row) => Number(row.enquiry_id)).sort()).toEqual([1, 2, 3, 4]);
      // In the order they were written.
      expect(messages.map((row) => row.created_at)).toEqual([...messages.map((row) => row.created_at)].sort());
      const enquiries = await query.selectFrom('enquiries').select(['id', 'conversation_id', 'details']).orderBy('id').execute();
      const conversationOf = new Map(enquiries.map((row) => [Number(row.id), Number(row.conversation_id)]));
      // Siti's two enquiries are one conversation; Ali's before and after the claim are two, the earlier superseded.
      expect(conversationOf.get(1)).toBe(conversationOf.get(2));
      expect(new Set([conversationOf.get(1), conversationOf.get(3), conversationOf.get(4)]).size).toBe(3);
      const byId = new Map(conversations.map((row) => [Number(row.id), row]));
      expect(byId.get(conversationOf.get(4)!)!.superseded_at).not.toBeNull();
      expect(byId.get(conversationOf.get(3)!)!.superseded_at).toBeNull();
      expect(byId.get(conversationOf.get(1)!)!.owner_user_id === null ? null : Number(byId.get(conversationOf.get(1)!)!.owner_user_id)).toBe(1);
      expect(JSON.stringify(enquiries.map((row) => row.details))).toContain('Open on Sunday?');

      // The lead statuses, read from the conversations: Siti's new (she wrote after the reply), Ali's archived.
      expect((await backend.repos.leads.findLead(1))!.lead_status).toBe('new');
      expect((await backend.repos.leads.findLead(2))!.lead_status).toBe('new');
      expect((await backend.repos.leads.findLead(3))!.lead_status).toBe('archived');
      expect((await backend.repos.leads.findEnquiryReplies([1])).map((reply) => [reply.side, reply.message])).toEqual([['owner', 'Yes, 9 to 5.'], ['sender', 'Thanks!']]);
      // The person has nothing unread; the owner has Siti's messages since the reply.
      expect(await backend.repos.conversations.countUnreadConversations(2)).toBe(0);
      expect(await backend.repos.conversations.countUnreadConversations(1)).toBe(1);
      const tables = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM conversation_messages`.execute(query);
      expect(Number(tables.rows[0]!.n)).toBe(7);
    } finally {
      await close();
      await backend.close();
    }
  });
});
