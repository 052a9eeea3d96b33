/**
 * The login modal's island, in every page's layout. Until the modal first opens only this shell
 * loads: it watches the actions that need an account (client/auth-actions.ts) and finishes a social
 * login (spec §4: ?login=social fetches the account, stores the user and clears the parameter).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { watchAuthActions } from '../client/auth-actions.ts';
import { paintForSignedIn } from '../client/sign-in.ts';
import { $loginModal } from '../stores/session.ts';
import type { LoginDialogProps } from './login/LoginDialog.tsx';
import { useMounted } from './mounted.ts';

const LoginDialog = lazy(() => import('./login/LoginDialog.tsx'));

export default function LoginModal(props: LoginDialogProps) {
  const { open } = useStore($loginModal);
  // Another island may open the modal before this one hydrates (a personal page asking a signed-out visitor to log in).
  const mounted = useMounted();
  useEffect(() => {
    watchAuthActions();
    paintForSignedIn();
    // Back from a social login (spec §4): its words and calls load only then.
    const outcome = new URL(location.href).searchParams.get('login');
    if (outcome === 'social' || outcome === 'social_error' || outcome === 'social_suspended') void import('./login/social-login.ts').then((module) => module.finishSocialLogin(outcome));
  }, []);
  if (!open || !mounted) return null;
  return <Suspense fallback={null}><LoginDialog {...props} /></Suspense>;
}
