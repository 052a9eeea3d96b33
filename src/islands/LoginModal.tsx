/**
 * The login modal's island, in every page's layout. Until the modal first opens only this shell
 * loads: it watches the actions that need an account (client/auth-actions.ts) and finishes a social
 * login (spec §4: ?login=social fetches the account, stores the user and clears the parameter).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { loadCalls } from '../client/lazy-api.ts';
import { watchAuthActions } from '../client/auth-actions.ts';
import { afterSignIn, paintForSignedIn } from '../client/sign-in.ts';
import { $loginModal } from '../stores/session.ts';
import { showToast } from '../stores/toasts.ts';
import type { LoginDialogProps } from './login/LoginDialog.tsx';
import { useMounted } from './mounted.ts';

const LoginDialog = lazy(() => import('./login/LoginDialog.tsx'));

/** Takes ?login=… off the address without a reload. */
function dropLoginParameter(): void {
  const url = new URL(location.href);
  url.searchParams.delete('login');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

async function finishSocialLogin(outcome: string | null): Promise<void> {
  if (outcome === 'social_error') {
    dropLoginParameter();
    showToast('Social login failed. Please try again or log in with your e-mail.', 'warning');
    return;
  }
  if (outcome !== 'social') return;
  dropLoginParameter();
  try {
    const { data } = await (await loadCalls()).account();
    showToast('You are logged in.');
    await afterSignIn(data);
  } catch (error) {
    console.warn('The account could not be loaded after social login', error);
  }
}

export default function LoginModal(props: LoginDialogProps) {
  const { open } = useStore($loginModal);
  // Another island may open the modal before this one hydrates (a personal page asking a signed-out visitor to log in).
  const mounted = useMounted();
  useEffect(() => {
    watchAuthActions();
    paintForSignedIn();
    void finishSocialLogin(new URL(location.href).searchParams.get('login'));
  }, []);
  if (!open || !mounted) return null;
  return <Suspense fallback={null}><LoginDialog {...props} /></Suspense>;
}
