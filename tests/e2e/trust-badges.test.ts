import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, sidewaysAt390, signedInContext, useBrowserSession } from '../helpers/browser.ts';
import { signedInOverHttp } from '../helpers/http-session.ts';
import type { SessionClient } from '../helpers/session-client.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * Badges backed by evidence in the browser (issue 45): an advertiser asks for the SSM-registered badge with a
 * certificate; an operator approves it in the console; the business's page and its ad show the badge with its year, linking to
 * its explanation on /pages/badges; the audit log lists the approval. axe on each page; 390 px on the new ones.
 */
const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function person(role: 'advertiser' | 'operator'): Promise<{ client: SessionClient; id: number }> {
  const client = await signedInOverHttp(baseUrl, outbox, `${role}-badge-${Date.now().toString(36)}@example.my`);
  const id = (await client.get('/api/user')).body.id as number;
  await session.repos.users.addRole(id, role);
  return { client, id };
}

const noViolations = async (page: Page, label: string) => expect([label, await seriousViolations(page, { all: true })]).toEqual([label, []]);

describe('trust badges in the browser', () => {
  it('an SSM request approved by an operator shows on the business\'s page with its year and explanation', async () => {
    const owner = await person('advertiser');
    const staff = await person('operator');
    // A business nobody owns yet, with a live services ad (its company block shows the badges too).
    const business = await session.query.selectFrom('profiles as pr').innerJoin('posts as p', 'p.profile_id', 'pr.id')
      .select(['pr.id', 'pr.slug', 'pr.name', 'p.id as post_id', 'p.slug as post_slug', 'p.title as post_title']).where('pr.kind', '=', 'business').where('pr.owner_user_id', 'is', null)
      .where('pr.hidden_at', 'is', null).where('p.type', '=', 'services').where('p.status', '=', 'active')
      .where((eb) => eb.or([eb('p.expires_at', 'is', null), eb('p.expires_at', '>', new Date(Date.now() + 86_400_000).toISOString())]))
      .orderBy('pr.id', 'desc').limit(1).executeTakeFirstOrThrow();
    await session.query.updateTable('profiles').set({ owner_user_id: owner.id, claimed: 1 as never }).where('id', '=', business.id).execute();

    const ownerSide = await signedInContext(session.browser, baseUrl, owner.client);
    const staffSide = await signedInContext(session.browser, baseUrl, staff.client);
    try {
      // 1. The advertiser sends the number and the certificate from the business's editor.
      const ownerPage = ownerSide.page;
      await ownerPage.goto(`${baseUrl}/advertiser/profiles/${business.id}`);
      await hydrated(ownerPage);
      const state = await owner.client.get(`/api/advertiser/profiles/${business.id}/verifications`);
      expect(state.status, JSON.stringify(state.body)).toBe(200);
      const panel = ownerPage.getByTestId('verification-panel');
      await panel.scrollIntoViewIfNeeded();
      await panel.getByLabel('SSM number (12 digits)').fill('201101012345');
      await panel.getByLabel(/SSM certificate or company profile/).setInputFiles({ name: 'ssm.pdf', mimeType: 'application/pdf', buffer: PDF });
      await panel.getByRole('button', { name: 'Send for checking' }).click();
      await expect.poll(() => panel.getByTestId('ssm-status').innerText().catch(() => ''), { timeout: scaled(10_000) }).toContain('Waiting for our check');
      await noViolations(ownerPage, 'verification panel');

      // 2. The operator approves it in the console.
      const staffPage = staffSide.page;
      await staffPage.goto(`${baseUrl}/operator/verifications`);
      await hydrated(staffPage);
      const request = staffPage.getByTestId('verification').filter({ hasText: business.name });
      await request.waitFor();
      expect(await request.innerText()).toContain('Local company, registered 2011');
      await noViolations(staffPage, 'verifications');
      await request.getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => staffPage.getByTestId('toasts').innerText(), { timeout: scaled(10_000) }).toContain('is approved');
      await expect.poll(() => staffPage.getByRole('region', { name: 'Approved SSM numbers' }).innerText()).toContain(business.name);

      // 3. The business's page shows the badge, its year, and its explanation.
      const visitor = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await visitor.newPage();
        await page.goto(`${baseUrl}/${business.slug}`);
        const badge = page.locator('[data-badge="ssm_registered"]');
        await expect.poll(() => badge.innerText().catch(() => ''), { timeout: scaled(5_000) }).toContain('SSM registered · 201101012345 · since 2011');
        expect(await page.locator('[data-badge="years_in_business"]').innerText()).toContain('15+ Years in Business');
        await noViolations(page, 'profile with badges');
        // Its cards carry the SSM mark, with its words for screen readers.
        const search = await fetch(`${baseUrl}/api/post/search`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl }, body: JSON.stringify({ type: 'services', search: business.post_title }) });
        const card = ((await search.json()) as { results: { id: number; profile: { marks: string[] } | null }[] }).results.find((result) => result.id === Number(business.post_id));
        expect(card?.profile?.marks).toContain('ssm_registered');
        // The business's ad shows them in its company block.
        await page.goto(`${baseUrl}/services/${business.post_slug}`);
        await expect.poll(() => page.locator('[data-badge="ssm_registered"]').innerText().catch(() => ''), { timeout: scaled(5_000) }).toContain('since 2011');
        await page.goto(`${baseUrl}/${business.slug}`);
        await badge.click();
        await page.waitForURL(`${baseUrl}/pages/badges#ssm-registered`);
        expect(await page.locator('#ssm-registered').isVisible()).toBe(true);
        await noViolations(page, 'badges page');
        for (const path of ['/pages/badges', '/ms/pages/badges', '/zh/pages/badges']) {
          await page.setViewportSize({ width: 390, height: 844 });
          const response = await page.goto(`${baseUrl}${path}`);
          expect(response!.status(), path).toBe(200);
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
        }
      } finally {
        await visitor.close();
      }

      // 4. The audit log lists the approval.
      await staffPage.goto(`${baseUrl}/operator/audit`);
      await hydrated(staffPage);
      await expect.poll(() => staffPage.getByTestId('audit-log').innerText(), { timeout: scaled(10_000) }).toContain('verification.approve');
      await noViolations(staffPage, 'audit log');
      // At 390 px the new console and advertiser views do not scroll sideways.
      for (const [page, path] of [[staffPage, '/operator/verifications'], [ownerPage, `/advertiser/profiles/${business.id}`]] as const) {
        expect(await sidewaysAt390(page, baseUrl, path), path).toBe(0);
      }
    } finally {
      await ownerSide.context.close();
      await staffSide.context.close();
    }
  }, scaled(120_000));
});
