import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listedMobiles } from '../../../src/shared/schemas/accounts.ts';
import { parseSsmNumber } from '../../../src/shared/ssm-number.ts';
import { PRIVATE_MEDIA_PREFIX } from '../../../src/server/uploads/media-files.ts';
import { onePagePdf } from '../media.ts';
import { personName } from '../people.ts';
import { Random } from '../random.ts';
import { DAY_MS, isoDate, type SeedContext, type SeedProfile } from './context.ts';

/** How many demo businesses carry approved verifications (issue 45): enough to see every badge, few enough to stand out. */
export const VERIFIED_DEMO_BUSINESSES = 3;

/** The account the demo approvals name as their decider: no password, no role, an address that takes no mail. */
export const DEMO_VERIFIER_EMAIL = 'demo-verifier@example.com';

/**
 * A few demo businesses with badges backed by evidence, written as the product would leave them: each has an owner
 * (an advertiser account that claimed it), a phone number proved by a code, and an SSM number an operator approved
 * against a private certificate, with the decision in the audit log. The decider is a demo account with no role that
 * cannot sign in (no password; its address takes no mail). Draws from its own stream, so the rest of the demo data
 * stays as it was.
 */
export function insertVerifiedBusinesses(context: SeedContext, profiles: readonly SeedProfile[], mediaDir: string, seed: number): number[] {
  const { statement, now } = context;
  const random = new Random(seed ^ 0x7e57ed);
  const year = new Date(now).getUTCFullYear();
  const chosen = profiles.filter((profile) => profile.kind === 'business' && profile.plan === 'GOLD').slice(0, VERIFIED_DEMO_BUSINESSES);
  if (chosen.length === 0) return [];

  const insertUser = statement(`INSERT INTO users (name, email, phone_number, phone_number_country, password_hash, created_at, updated_at)
    VALUES (?, ?, NULL, NULL, NULL, ?, ?) RETURNING id`);
  const insertRole = statement('INSERT INTO user_roles (user_id, role, created_at) VALUES (?, ?, ?)');
  const insertDocument = statement('INSERT INTO documents (file, original_filename) VALUES (?, ?) RETURNING id');
  const insertVerification = statement(`INSERT INTO profile_verifications (profile_id, kind, value, old_value, status, document_id, user_id,
    decided_by, decided_at, reason, created_at) VALUES (?, ?, ?, ?, 'approved', ?, ?, ?, ?, NULL, ?) RETURNING id`);
  const insertAudit = statement(`INSERT INTO audit_log (operator_user_id, action, target_type, target_id, reason, before, after, client, created_at)
    VALUES (?, ?, 'verification', ?, NULL, ?, ?, 'seed', ?)`);
  // One number, one account (issue 60): a badge's number is its owner's proved number.
  const proveNumber = statement(`INSERT INTO proved_numbers (number, user_id, way, proved_at) VALUES (?, ?, 'badge', ?)
    ON CONFLICT (number) DO NOTHING RETURNING number`);
  const own = statement('UPDATE profiles SET owner_user_id = ?, claimed = 1 WHERE id = ?');
  const companyNo = statement('SELECT company_no, name FROM profiles WHERE id = ?');
  const phones = statement('SELECT phone_number, company_phone_number FROM locations WHERE profile_id = ? ORDER BY position');

  const joined = isoDate(now - 400 * DAY_MS);
  const verifier = Number(insertUser.get('Demo verifier', DEMO_VERIFIER_EMAIL, joined, joined)?.id);
  const privateDir = join(mediaDir, PRIVATE_MEDIA_PREFIX, 'seed');
  mkdirSync(privateDir, { recursive: true });
  const verified: number[] = [];
  for (const [index, profile] of chosen.entries()) {
    const stored = companyNo.get(profile.id) as { company_no: string | null; name: string };
    const number = stored.company_no === null ? null : parseSsmNumber(stored.company_no, year);
    const mobile = [...listedMobiles(phones.all(profile.id) as { phone_number: string | null; company_phone_number: string | null }[])][0];
    if (!number || !mobile) continue;
    const since = now - (300 - index * 40) * DAY_MS;
    const owner = Number(insertUser.get(personName(random), `owner-${profile.id}@example.com`, isoDate(since), isoDate(since))?.id);
    insertRole.run(owner, 'advertiser', isoDate(since));
    own.run(owner, profile.id);

    const phoneAt = isoDate(since + DAY_MS);
    if (proveNumber.get(mobile, owner, phoneAt)) insertVerification.run(profile.id, 'phone', mobile, null, null, owner, null, phoneAt, phoneAt);

    const file = `${PRIVATE_MEDIA_PREFIX}seed/ssm-certificate-${profile.id}.pdf`;
    writeFileSync(join(mediaDir, file), onePagePdf('SSM company profile (demo)', [stored.name, `Registration number ${number.number}${number.old ? ` (${number.old})` : ''}`, `Incorporated ${number.year}`]));
    const document = Number(insertDocument.get(file, `SSM certificate ${number.number}.pdf`)?.id);
    const sentAt = isoDate(since + 2 * DAY_MS);
    const decidedAt = isoDate(since + 3 * DAY_MS);
    const id = Number(insertVerification.get(profile.id, 'ssm', number.number, number.old, document, owner, verifier, decidedAt, sentAt)?.id);
    insertAudit.run(verifier, 'verification.document.view', String(id), null, null, decidedAt);
    insertAudit.run(verifier, 'verification.approve', String(id), JSON.stringify({ status: 'pending' }),
      JSON.stringify({ status: 'approved', profile_id: profile.id, company_no: number.number }), decidedAt);
    verified.push(profile.id);
  }
  context.log(`verified demo businesses: ${verified.length}`);
  return verified;
}
