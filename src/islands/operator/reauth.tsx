/**
 * Sudo mode in the console (issue 28): an action answered 403 with `reauth: true` asks for the password once, renews
 * the proof, and runs again. The operator stays signed in throughout.
 */
import { HTTPError } from 'ky';
import { useState } from 'react';
import { errorBody } from '../../client/api.ts';
import * as calls from '../../client/operator-calls.ts';
import { showToast } from '../../stores/toasts.ts';

export const primary = 'rounded bg-ink px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60';
export const secondary = 'rounded border border-gray-500 px-3 py-1.5 text-sm font-semibold disabled:opacity-60';

const needsReauth = (error: unknown) => error instanceof HTTPError && error.response.status === 403 && (error.data as { reauth?: boolean } | undefined)?.reauth === true;

/** Runs console actions: on a stale proof, shows the password form and runs the action again once it is renewed. */
export function useAction(after: () => void) {
  const [pending, setPending] = useState<(() => Promise<{ message?: string }>) | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<{ message?: string }>) {
    setBusy(true);
    try {
      const answer = await action();
      showToast(answer.message ?? 'Done.', 'success');
      after();
    } catch (error) {
      if (needsReauth(error)) setPending(() => action);
      else showToast(errorBody(error).message ?? 'That did not work.', 'warning');
    } finally {
      setBusy(false);
    }
  }
  const form = pending && (
    <ReauthForm onDone={() => { const action = pending; setPending(null); void run(action); }} onCancel={() => setPending(null)} />
  );
  return { run, busy, form };
}

function ReauthForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form className="panel mb-4 max-w-md space-y-2 border-2 border-amber-500" data-testid="reauth" aria-labelledby="reauth-heading" onSubmit={async (event) => {
      event.preventDefault();
      try {
        await calls.reauth(password);
        onDone();
      } catch (failure) {
        setError(errorBody(failure).errors?.password?.[0] ?? errorBody(failure).message);
      }
    }}>
      <h2 id="reauth-heading" className="font-bold">Confirm it is you</h2>
      <p className="text-sm">This action changes what people see. Enter your password again (it lasts 15 minutes).</p>
      <label className="block text-sm font-semibold" htmlFor="reauth-password">Password</label>
      <input id="reauth-password" type="password" autoComplete="current-password" className="w-full rounded border border-gray-500 p-2" value={password}
        onChange={(event) => setPassword(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'reauth-error' : undefined} required />
      {error && <p id="reauth-error" className="text-sm text-red-800">{error}</p>}
      <div className="flex gap-2"><button type="submit" className={primary}>Confirm</button><button type="button" className={secondary} onClick={onCancel}>Cancel</button></div>
    </form>
  );
}
