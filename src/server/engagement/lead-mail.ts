/** Whom an owner's lead mail goes to, as their lead-mail setting says (issue 26). */
import type { Locale } from '../../shared/locale.ts';
import type { Repositories } from '../db/repositories.ts';

/**
 * How the owner hears of a lead or an answer: their account's e-mail (and language, issue 42) when they chose instant
 * mail (the default), else nobody now.
 */
export async function instantLeadRecipient(tx: Repositories, ownerUserId: number): Promise<{ email: string; locale: Locale } | null> {
  const settings = await tx.leads.findLeadSettings(ownerUserId);
  if (settings && settings.lead_mail !== 'instant') return null;
  const owner = await tx.users.findUser(ownerUserId);
  return owner?.email ? { email: owner.email, locale: owner.locale } : null;
}
