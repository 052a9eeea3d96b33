/**
 * Appeals to the moderators (issue 28), from anyone: a suspended person cannot sign in. An appeal naming an account's
 * e-mail joins that account only once its sender opens the link mailed to that address and confirms (issue 38,
 * security probe item 6): until then the console shows it as unverified, so nobody can speak in another's name.
 */
import { AppealSchema } from '../../shared/schemas/engagement.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import { signedId, signedToken } from '../signed-links.ts';
import { clientHash } from './messages.ts';
import { say } from '../../shared/said.ts';

export const APPEAL_THANKS = say('api_appeal_thanks');
export const APPEAL_CONFIRMED = say('api_appeal_confirmed');
const PURPOSE = 'appeal-confirm';

/** Where the mail's link leads: the appeal page, which asks before it confirms (mail scanners open links). */
function appealConfirmUrl(app: Pick<AppContext, 'config' | 'secrets'>, id: number): string {
  return absoluteUrl(app.config.siteUrl, `/appeal?confirm=${signedToken(app.secrets.unsubscribe, PURPOSE, id)}`);
}

/**
 * Stores an appeal (validated, limited like the other public forms) and mails the link that confirms it to the address
 * it names, when an account has that address. The answer is the same either way: it does not tell who has an account.
 */
export async function submitAppeal(app: AppContext, input: unknown, client: string): Promise<void> {
  const appeal = parseInput(AppealSchema, input);
  await app.limits.hit('publicForm', `appeal|${client}`);
  if (appeal.website) return;
  // At most 3 confirmation mails a day to one address, whether or not it has an account (so the answer tells nothing):
  // past it nothing is stored or queued, and the form says what to do.
  try {
    await app.limits.hit('appealMail', appeal.email.toLowerCase());
  } catch (error) {
    if (error instanceof AppError && error.status === 429) throw new AppError('appeal_mails_spent', undefined, { field: 'email', headers: error.headers });
    throw error;
  }
  const account = await app.repos.users.findCredentials({ email: appeal.email });
  await app.repos.transaction(async (tx) => {
    const id = await tx.operator.insertAppeal({ userId: account?.id ?? null, email: appeal.email, message: appeal.message, clientHash: clientHash(client) });
    const mail = composeMail(appeal.email, say('mail_appeal_subject'), [
      say('mail_appeal_body'),
      appealConfirmUrl(app, id),
      say('mail_appeal_not_you'),
    ], [], account?.locale ?? 'en');
    // An address without an account gets nothing, and the answer takes as long (the mail is made all the same).
    await app.outbox.queueMail(mail, { tx, deliver: account !== undefined });
  });
}

/** POST appeal/confirm {token}: the appeal the link names joins its account's page in the console; 404 for a forged link. */
export async function confirmAppeal(app: AppContext, token: string | null | undefined): Promise<{ message: string }> {
  const id = signedId(app.secrets.unsubscribe, PURPOSE, token);
  if (id === null || !(await app.repos.operator.confirmAppeal(id))) throw notFound('conversation_link_invalid');
  return { message: APPEAL_CONFIRMED };
}
