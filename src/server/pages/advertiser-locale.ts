/**
 * The advertiser site's language (issue 63). It has no /ms/ or /zh/ twins: it speaks the signed-in account's `locale`
 * (which the language switcher saves), else the language the switcher last chose in this browser, else English.
 */
import { findPageSession } from '../accounts/sessions.ts';
import type { AppContext } from '../app-types.ts';
import { ADVERTISER_LANGUAGE_COOKIE, BASE_LOCALE, isLocale, type Locale } from '../../shared/locale.ts';

const CHOSEN = new RegExp(`(?:^|;\\s*)${ADVERTISER_LANGUAGE_COOKIE}=([a-z]+)`);

export async function advertiserLocale(app: AppContext, request: Request): Promise<Locale> {
  const session = await findPageSession(app, request);
  const account = session ? await app.repos.users.findUser(session.user_id) : undefined;
  if (account) return account.locale;
  const chosen = CHOSEN.exec(request.headers.get('cookie') ?? '')?.[1];
  return isLocale(chosen) ? chosen : BASE_LOCALE;
}
