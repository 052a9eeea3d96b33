/**
 * What the personal pages (/me/…) share: they are the same shell for everyone and fill in in the
 * browser once someone is signed in; a signed-out visitor gets the login modal and a panel to open it.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import * as m from '../../paraglide/messages.js';
import { useMounted } from '../mounted.ts';
import { $user, openLogin } from '../../stores/session.ts';

/**
 * The signed-in user's id once the island has mounted (`ready`), or null when nobody is signed in; the
 * login modal opens for a signed-out visitor. The server's HTML never depends on it.
 */
export function useSignedInId(): { ready: boolean; userId: number | null } {
  const stored = useStore($user);
  const mounted = useMounted();
  const userId = mounted ? stored?.id ?? null : null;
  useEffect(() => {
    if (mounted && userId === null) openLogin('login');
  }, [mounted, userId]);
  return { ready: mounted, userId };
}

export function SignedOutPanel({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="panel" data-testid={testId}>
      <p>{text}</p>
      <button type="button" className="mt-3 rounded bg-ink px-4 py-2 font-semibold text-white" onClick={() => openLogin('login')}>{m.log_in()}</button>
    </div>
  );
}
