/**
 * The login modal (spec §2: 400 px wide) with its six views and the transitions of spec §4. Loaded
 * only when it first opens, so pages do not carry its code.
 */
import * as m from '../../paraglide/messages.js';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { $loginModal, closeLogin, openLogin, type LoginView } from '../../stores/session.ts';
import Modal from '../Modal.tsx';
import { BecomeAdvertiser, ChangePasswordForm } from './AccountViews.tsx';
import { ForgotForm, RegisterForm } from './CodeViews.tsx';
import { LoginForm, TwoFactorForm, type SocialProvider } from './SignInViews.tsx';

/** Each view's title, in the page's language. */
const TITLES: Record<LoginView, () => string> = {
  login: m.login_title_login,
  register: m.login_title_register,
  forgot: m.login_title_forgot,
  change_password: m.login_title_change_password,
  becomeAdvertiser: m.login_title_become_advertiser,
  twoFa: m.login_title_two_fa,
};

export interface LoginDialogProps {
  providers: SocialProvider[];
  advertiserSiteUrl: string;
}

export default function LoginDialog({ providers, advertiserSiteUrl }: LoginDialogProps) {
  const { open, view } = useStore($loginModal);
  const [tempToken, setTempToken] = useState('');
  const close = useCallback(() => closeLogin(), []);
  const go = useCallback((next: LoginView) => openLogin(next), []);
  // A new view puts focus on its first field still to fill (the control that switched views is gone; after registering,
  // the login view has the address and focuses the password).
  useEffect(() => {
    if (!open) return;
    const empty = [...document.querySelectorAll<HTMLInputElement>('[data-testid="login-modal"] form input:not([disabled]):not([type="radio"]):not([type="checkbox"])')].find((input) => input.value === '');
    (empty ?? document.querySelector<HTMLElement>('[data-testid="login-modal"] form input:not([disabled]), [data-testid="login-modal"] [data-testid] button'))?.focus();
  }, [open, view]);
  if (!open) return null;
  return (
    <Modal title={TITLES[view]()} width={400} onClose={close} testId="login-modal" view={view}>
      {/* A view is keyed so that switching views starts its form afresh. */}
      {view === 'login' && <LoginForm key="login" go={go} onTempToken={setTempToken} providers={providers} />}
      {view === 'twoFa' && <TwoFactorForm key={tempToken} tempToken={tempToken} go={go} />}
      {view === 'register' && <RegisterForm key="register" go={go} />}
      {view === 'forgot' && <ForgotForm key="forgot" go={go} />}
      {view === 'change_password' && <ChangePasswordForm key="change" />}
      {view === 'becomeAdvertiser' && <BecomeAdvertiser key="advertiser" advertiserSiteUrl={advertiserSiteUrl} />}
    </Modal>
  );
}
