import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInOverHttp } from '../helpers/http-session.ts';
import { startServer } from '../helpers/server.ts';
import type { SessionClient } from '../helpers/session-client.ts';
import { openTestDatabase, useDatabaseCopies } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * Acknowledged means committed (issue 44): the server is killed with SIGKILL in the middle of a burst of messages;
 * after a restart, every message answered 201 is stored, and a stream reconnecting with the Last-Event-ID it had
 * before the burst gets every one of them.
 */
const scratch = mkdtempSync(join(tmpdir(), 'yp-conversation-durability-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const copyOfE2eDb = useDatabaseCopies();

/** The message ids of the `message` events a stream sends until it has been quiet for a second. */
async function streamedMessageIds(baseUrl: string, person: SessionClient, lastEventId: string): Promise<Set<number>> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/conversations/stream`, { headers: { Cookie: person.cookieHeader(), 'Last-Event-ID': lastEventId }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ids = new Set<number>();
  let buffer = '';
  for (;;) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 1500))]);
    if (chunk === null || chunk.done) break;
    buffer += chunk.value;
    for (const match of buffer.matchAll(/event: message\n(?:id: \d+\n)?data: (.*)\n/g)) ids.add((JSON.parse(match[1]!) as { message: { id: number } }).message.id);
  }
  controller.abort();
  return ids;
}

describe('conversations and SIGKILL', () => {
  it('stores every acknowledged message, and replays each to a stream that reconnects after the restart', async () => {
    const url = await copyOfE2eDb('conversation-durability');
    const outbox = join(scratch, 'outbox');
    const env = { DATABASE_URL: url, OUTBOX_DIR: outbox, SEARCH_WORKERS: '0' };
    const server = await startServer(env);
    const database = await openTestDatabase(url);
    let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const stamp = Date.now().toString(36);
      const owner = await signedInOverHttp(server.baseUrl, outbox, `durable-owner-${stamp}@example.my`);
      const ownerId = (await owner.get('/api/user')).body.id as number;
      const business = await database.query.selectFrom('profiles').select('id').where('kind', '=', 'business').where('owner_user_id', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
      await database.query.updateTable('profiles').set({ owner_user_id: ownerId }).where('id', '=', business.id).execute();
      // Eight people, each with a conversation (each sender may write 20 messages a minute).
      const senders: { person: SessionClient; conversation: number }[] = [];
      for (let index = 0; index < 8; index++) {
        const person = await signedInOverHttp(server.baseUrl, outbox, `durable-${index}-${stamp}@example.my`);
        const started = await person.post('/api/conversations', { type: 'profile', id: Number(business.id), text: `Opening ${index}`, client_id: `durable-open-${index}-${stamp}` });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        senders.push({ person, conversation: (started.body.data as { id: number }).id });
      }
      const before = (await database.query.selectFrom('conversation_events').select((eb) => eb.fn.max('seq').as('seq')).where('user_id', '=', ownerId).executeTakeFirst())?.seq;

      const acknowledged: number[] = [];
      let killed = false;
      await Promise.all(senders.map(async ({ person, conversation }, index) => {
        for (let n = 0; n < 19 && !killed; n++) {
          try {
            const answer = await person.post(`/api/conversations/${conversation}/messages`, { text: `Burst ${index}-${n}`, client_id: `durable-${index}-${n}-${stamp}` });
            if (answer.status === 201) acknowledged.push((answer.body.data as { id: number }).id);
          } catch {
            // the server is gone
          }
          if (acknowledged.length >= 60 && !killed) {
            killed = true;
            server.process.kill('SIGKILL');
          }
        }
      }));
      await server.stop();
      expect(killed).toBe(true);

      restarted = await startServer(env);
      const stored = new Set((await database.query.selectFrom('conversation_messages').select('id').where('id', 'in', acknowledged).execute()).map((row) => Number(row.id)));
      const lost = acknowledged.filter((id) => !stored.has(id));
      console.log(`conversation durability: ${acknowledged.length} acknowledged messages, ${lost.length} lost after SIGKILL`);
      expect(lost).toEqual([]);
      // The owner's stream reconnects from before the burst, on the restarted server (the session outlives the process).
      const replayed = await streamedMessageIds(restarted.baseUrl, owner, String(before ?? 0));
      expect(acknowledged.filter((id) => !replayed.has(id))).toEqual([]);
    } finally {
      await database.close();
      await restarted?.stop();
    }
  }, scaled(120_000));
});
