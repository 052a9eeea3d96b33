/** The end of a social login (spec §4: ?login=social fetches the account, stores the user and clears the parameter). */
import * as m from '../../paraglide/messages.js';
import { loadCalls } from '../../client/lazy-api.ts';
import { afterSignIn } from '../../client/sign-in.ts';
import { showToast } from '../../stores/toasts.ts';
import { localizePath } from '../../shared/locale.ts';
import { currentLocale } from '../../shared/i18n.ts';

/** Takes ?login=… off the address without a reload. */
function dropLoginParameter(): void {
  const url = new URL(location.href);
  url.searchParams.delete('login');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export async function finishSocialLogin(outcome: string | null): Promise<void> {
  if (outcome === 'social_error' || outcome === 'social_suspended') {
    dropLoginParameter();
    showToast(outcome === 'social_error' ? m.social_failed() : m.social_suspended({ url: localizePath('/appeal', currentLocale()) }), 'warning');
    return;
  }
  if (outcome !== 'social') return;
  dropLoginParameter();
  try {
    const { data } = await (await loadCalls()).account();
    showToast(m.api_logged_in());
    await afterSignIn(data);
  } catch (error) {
    console.warn('The account could not be loaded after social login', error);
  }
}
