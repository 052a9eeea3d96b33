/**
 * The login modal (spec §2: 400 px wide) with its six views and the transitions of spec §4. Loaded
 * only when it first opens, so pages do not carry its code.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { $loginModal, closeLogin, openLogin, type LoginView } from '../../stores/session.ts';
import { useDialog } from '../useDialog.ts';
import { BecomeAdvertiser, ChangePasswordForm } from './AccountViews.tsx';
import { ForgotForm, RegisterForm } from './CodeViews.tsx';
import { LoginForm, TwoFactorForm, type SocialProvider } from './SignInViews.tsx';

const TITLES: Record<LoginView, string> = {
  login: 'Log in',
  register: 'Create an account',
  forgot: 'Forgot password',
  change_password: 'Change password',
  becomeAdvertiser: 'Become an advertiser',
  twoFa: 'Enter your code',
};

export interface LoginDialogProps {
  providers: SocialProvider[];
  advertiserSiteUrl: string;
}

export default function LoginDialog({ providers, advertiserSiteUrl }: LoginDialogProps) {
  const { open, view } = useStore($loginModal);
  const [tempToken, setTempToken] = useState('');
  const close = useCallback(() => closeLogin(), []);
  const dialog = useDialog(open, close);
  const go = useCallback((next: LoginView) => openLogin(next), []);
  // A new view puts focus on its first field (the control that switched views is gone).
  useEffect(() => {
    if (open) dialog.current?.querySelector<HTMLElement>('form input:not([disabled]), [data-testid] button')?.focus();
  }, [open, view, dialog]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-[65] flex items-center justify-center bg-black/50 p-4" onClick={(event) => { if (event.target === event.currentTarget) close(); }}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby="login-title" data-testid="login-modal" data-view={view}
        className="max-h-[95vh] w-full max-w-[400px] overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
        <div className="flex items-start justify-between gap-2">
          <h2 id="login-title" className="text-lg font-bold">{TITLES[view]}</h2>
          <button type="button" onClick={close} aria-label="Close" className="-mr-2 -mt-1 min-h-6 min-w-6 px-2 text-2xl leading-none">×</button>
        </div>
        {/* A view is keyed so that switching views starts its form afresh. */}
        {view === 'login' && <LoginForm key="login" go={go} onTempToken={setTempToken} providers={providers} />}
        {view === 'twoFa' && <TwoFactorForm key={tempToken} tempToken={tempToken} go={go} />}
        {view === 'register' && <RegisterForm key="register" go={go} />}
        {view === 'forgot' && <ForgotForm key="forgot" go={go} />}
        {view === 'change_password' && <ChangePasswordForm key="change" />}
        {view === 'becomeAdvertiser' && <BecomeAdvertiser key="advertiser" advertiserSiteUrl={advertiserSiteUrl} />}
      </div>
    </div>
  );
}
