import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, sidewaysAt390, signedInContext, useBrowserSession } from '../helpers/browser.ts';
import { signedInOverHttp } from '../helpers/http-session.ts';
import type { SessionClient } from '../helpers/session-client.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * Conversations in the browser (issue 44), two people in two browser contexts: a buyer messages a buy & sell seller,
 * and the message appears on the seller's open Messages page without a reload while the header's count rises; the
 * seller answers and the buyer sees it live; the buyer offers and the seller accepts; a scam message comes under its warning card, and once the seller blocks
 * the buyer, the buyer's next message is refused. A photo reaches the seller live; the seller reports the scam from its card
 * and finds the conversation among their leads. axe is clean and nothing scrolls sideways at 390 px.
 */
const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
let people = 0;
/** A small PNG (a 64 × 48 grey rectangle) for the photo a buyer sends. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYklEQVRogdXOQREAAAyDMOQjeyL62BEFwTiMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwzi+A6sDbAEhHnZzboAAAAAASUVORK5CYII=', 'base64');

/** A browser context signed in as `person` (their session cookie, and the stored user the islands read). */
async function person(): Promise<{ client: SessionClient; id: number }> {
  const email = `chat-${Date.now().toString(36)}-${++people}@example.my`;
  const client = await signedInOverHttp(baseUrl, outbox, email);
  return { client, id: (await client.get('/api/user')).body.id as number };
}

describe('conversations in the browser', () => {
  it('delivers live both ways, warns of a scam, and blocks', async () => {
    const seller = await person();
    const buyer = await person();
    // The seller owns a buy & sell post (its business is theirs).
    const post = await session.query.selectFrom('posts').select(['id', 'profile_id', 'slug']).where('type', '=', 'buysell').where('status', '=', 'active')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date(Date.now() + 86_400_000).toISOString())])).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await session.query.updateTable('profiles').set({ owner_user_id: seller.id }).where('id', '=', post.profile_id).execute();
    await session.repos.users.addRole(seller.id, 'advertiser');

    const sellerSide = await signedInContext(session.browser, baseUrl, seller.client);
    const buyerSide = await signedInContext(session.browser, baseUrl, buyer.client);
    try {
      // 1. The seller has Messages open; the buyer's message appears there without a reload, and the count rises.
      const sellerPage = sellerSide.page;
      await sellerPage.goto(`${baseUrl}/me/messages`);
      await hydrated(sellerPage);
      await sellerPage.getByTestId('conversations-empty').waitFor();
      expect(await seriousViolations(sellerPage, { all: true })).toEqual([]);
      const started = await buyer.client.post('/api/conversations', { type: 'buysell', id: Number(post.id), text: 'Is the item still available?', client_id: `e2e-${Date.now()}-a` });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const conversationId = (started.body.data as { id: number }).id;
      await sellerPage.getByTestId('conversation-item').first().waitFor({ timeout: scaled(15_000) });
      expect(await sellerPage.getByTestId('conversation-item').first().innerText()).toContain('1 unread');
      await expect.poll(() => sellerPage.getByTestId('unread-messages').innerText().catch(() => ''), { timeout: scaled(15_000) }).toMatch(/^1/);

      // The post's page (cached, the same for everyone) offers the buyer their conversation, painted in the browser.
      const buyerPage = buyerSide.page;
      await buyerPage.goto(`${baseUrl}/buysell/${post.slug}`);
      await hydrated(buyerPage);
      await buyerPage.getByTestId('continue-conversation').waitFor({ timeout: scaled(10_000) });
      expect(await buyerPage.getByTestId('continue-conversation').getAttribute('href')).toBe(`/me/messages/${conversationId}`);

      // 2. The seller opens it and answers; the buyer, on the same conversation, sees the answer arrive.
      await buyerPage.goto(`${baseUrl}/me/messages/${conversationId}`);
      await hydrated(buyerPage);
      await buyerPage.getByTestId('conversation-log').waitFor();
      await sellerPage.getByTestId('conversation-item').first().click();
      await sellerPage.waitForURL(`${baseUrl}/me/messages/${conversationId}`);
      await hydrated(sellerPage);
      await sellerPage.getByTestId('conversation-log').waitFor();
      await sellerPage.getByLabel('Message', { exact: true }).fill('Yes, still available. Come on Saturday.');
      await sellerPage.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => buyerPage.getByTestId('conversation-log').innerText(), { timeout: scaled(15_000) }).toContain('Yes, still available. Come on Saturday.');

      // The buyer sends a photo; it reaches the seller live, loaded through the seller's session (it is private).
      await buyerPage.getByTestId('conversation-images').setInputFiles({ name: 'scratch.png', mimeType: 'image/png', buffer: PHOTO });
      await expect.poll(() => buyerPage.getByRole('button', { name: 'Send', exact: true }).isEnabled(), { timeout: scaled(15_000) }).toBe(true);
      await buyerPage.getByLabel('Message', { exact: true }).fill('Here is the scratch on the side.');
      await buyerPage.getByRole('button', { name: 'Send', exact: true }).click();
      const photo = sellerPage.getByTestId('message-images').locator('img').first();
      await photo.waitFor({ timeout: scaled(15_000) });
      await expect.poll(() => photo.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth), { timeout: scaled(10_000) }).toBeGreaterThan(0);

      // The buyer offers; the offer reaches the seller live, who accepts, and the buyer sees it accepted.
      await buyerPage.getByTestId('offer-form').locator('summary').click();
      await buyerPage.getByLabel('Quantity').fill('1');
      await buyerPage.getByLabel('Offered price (RM)').fill('450');
      await buyerPage.getByLabel('Deal method').selectOption('self-pickup');
      await buyerPage.getByRole('button', { name: 'Send offer' }).click();
      await sellerPage.getByTestId('offer').first().waitFor({ timeout: scaled(15_000) });
      expect(await sellerPage.getByTestId('offer').first().innerText()).toContain('RM 450');
      await sellerPage.getByTestId('offer').first().getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => buyerPage.getByTestId('offer-status').first().innerText(), { timeout: scaled(15_000) }).toBe('Accepted');

      // 3. A scam message reaches the seller live, under its warning card.
      await buyerPage.getByLabel('Message', { exact: true }).fill('Please bank in first, then I collect. Send me the TAC code.');
      await buyerPage.getByRole('button', { name: 'Send', exact: true }).click();
      await sellerPage.getByTestId('scam-warning').first().waitFor({ timeout: scaled(15_000) });
      expect(await sellerPage.getByTestId('scam-warning').first().innerText()).toContain('997');
      expect(await seriousViolations(sellerPage, { all: true })).toEqual([]);
      // The writer sees no warning of their own message.
      expect(await buyerPage.getByTestId('scam-warning').count()).toBe(0);
      // The card offers a report: it joins the operators' queue as the conversation's group.
      const card = sellerPage.getByTestId('scam-warning').first();
      await card.getByText('Report this message').click();
      await card.getByLabel('Reason').selectOption('SCAM');
      await card.getByRole('button', { name: 'Send report' }).click();
      await expect.poll(() => sellerPage.getByTestId('toasts').innerText(), { timeout: scaled(10_000) }).toContain('Report Logged!');
      expect(await session.query.selectFrom('conversation_reports').select('reason').where('conversation_id', '=', conversationId).execute()).toEqual([{ reason: 'SCAM' }]);

      // 4. The seller blocks the buyer: the buyer's next message is refused and never reaches the seller.
      await sellerPage.getByTestId('conversation-block').click();
      await expect.poll(async () => (await buyer.client.post(`/api/conversations/${conversationId}/messages`, { text: 'Hello?', client_id: `e2e-${Date.now()}-b` })).status).toBe(403);
      await buyerPage.getByLabel('Message', { exact: true }).fill('Why no answer?');
      await buyerPage.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => buyerPage.getByTestId('toasts').innerText(), { timeout: scaled(10_000) }).toContain('not taking messages from you');
      expect(await sellerPage.getByTestId('conversation-log').innerText()).not.toContain('Why no answer?');

      // The seller, an advertiser, finds it among their leads too: the same list and conversation, with archive.
      await sellerPage.goto(`${baseUrl}/advertiser/leads`);
      await hydrated(sellerPage);
      await sellerPage.getByTestId('conversation-item').first().click();
      await sellerPage.waitForURL(`${baseUrl}/advertiser/leads/conversations/${conversationId}`);
      await hydrated(sellerPage);
      await expect.poll(() => sellerPage.getByTestId('conversation-log').innerText(), { timeout: scaled(10_000) }).toContain('Here is the scratch on the side.');
      expect(await seriousViolations(sellerPage, { all: true })).toEqual([]);
      for (const path of ['/advertiser/leads', `/advertiser/leads/conversations/${conversationId}`]) expect(await sidewaysAt390(sellerPage, baseUrl, path), path).toBe(0);

      // The buyer's list filters by type: jobs hold none of theirs, buy & sell holds this one.
      await buyerPage.goto(`${baseUrl}/me/messages`);
      await hydrated(buyerPage);
      await buyerPage.getByTestId('conversation-item').first().waitFor();
      await buyerPage.getByRole('combobox', { name: /^Type/ }).selectOption('jobs');
      await buyerPage.getByTestId('conversations-empty').waitFor();
      await buyerPage.getByRole('combobox', { name: /^Type/ }).selectOption('buysell');
      await expect.poll(() => buyerPage.getByTestId('conversation-item').first().getAttribute('href')).toBe(`/me/messages/${conversationId}`);

      // At 390 px nothing scrolls sideways, on the list or the conversation.
      for (const path of ['/me/messages', `/me/messages/${conversationId}`]) expect(await sidewaysAt390(buyerPage, baseUrl, path), path).toBe(0);
    } finally {
      await sellerSide.context.close();
      await buyerSide.context.close();
    }
  }, scaled(120_000));
});
