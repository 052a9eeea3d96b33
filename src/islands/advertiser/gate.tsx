/**
 * What every advertiser page shares (issue 25): the pages are one shell for everyone; in the browser a signed-out
 * visitor gets the login modal, a signed-in member who is not an advertiser the become-advertiser prompt (spec §4),
 * and an advertiser the page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { $toRedirect, $user, isAdvertiser, openLogin } from '../../stores/session.ts';
import { SignedOutPanel, useSignedInId } from '../account/signed-in.tsx';
import * as m from '../../paraglide/messages.js';

export const primary = 'rounded bg-ink px-4 py-2 font-semibold text-white disabled:opacity-60';
export const secondary = 'rounded border border-gray-500 px-3 py-1.5 text-sm font-semibold';

export function ringgitText(sen: number): string {
  return `RM${(sen / 100).toFixed(2)}`;
}

/** Renders `children` for a signed-in advertiser; the login modal or the become-advertiser prompt otherwise. */
export function AdvertiserOnly({ children }: { children: ReactNode }) {
  const { ready, userId } = useSignedInId();
  const user = useStore($user);
  const advertiser = isAdvertiser(user);
  useEffect(() => {
    if (!ready || userId === null || advertiser) return;
    // After becoming one, the member comes back here.
    $toRedirect.set(window.location.href);
    openLogin('becomeAdvertiser');
  }, [ready, userId, advertiser]);
  if (!ready) return <p className="text-gray-700" role="status">{m.loading()}</p>;
  if (userId === null) return <SignedOutPanel text={m.adv_sign_in_to_use()} testId="advertiser-signed-out" />;
  if (!advertiser) {
    return (
      <div className="panel" data-testid="advertiser-become">
        <p>{m.adv_for_advertisers()}</p>
        <button type="button" className={`mt-3 ${primary}`} onClick={() => openLogin('becomeAdvertiser')}>{m.advertiser_be()}</button>
      </div>
    );
  }
  return <>{children}</>;
}

/**
 * Renders `children` for anyone signed in, told whether they are an advertiser (Claim Business, issue 40: a member
 * claiming by SMS becomes one with the same code); the login modal's panel when signed out.
 */
export function SignedInOnly({ children, text }: { children: (advertiser: boolean) => ReactNode; text: string }) {
  const { ready, userId } = useSignedInId();
  const user = useStore($user);
  if (!ready) return <p className="text-gray-700" role="status">{m.loading()}</p>;
  if (userId === null) return <SignedOutPanel text={text} testId="advertiser-signed-out" />;
  return <>{children(isAdvertiser(user))}</>;
}

/** A field's server messages (spec §8), under it. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{errors[0]}</p>;
}
