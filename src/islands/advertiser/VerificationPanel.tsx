/**
 * A business's badges on its editor page (issue 45): what each needs, the phone badge by a code to a listed mobile
 * number (picked from the list, never typed), and the SSM request (the 12-digit number and the certificate), which an
 * operator checks. Each badge links to what it means.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { showToast } from '../../stores/toasts.ts';
import { reportFailure } from '../forms.tsx';
import { primary, secondary } from './gate.tsx';
import * as m from '../../paraglide/messages.js';

const field = 'mt-1 w-full rounded border border-gray-400 bg-white px-2 py-1.5';
const STATUS = { pending: m.adv_check_pending, approved: m.adv_check_approved, refused: m.adv_check_refused, revoked: m.adv_check_revoked } as const;

function PhoneBadge({ profileId, state, reload }: { profileId: number; state: calls.VerificationState['phone_verified']; reload: () => void }) {
  const [sentTo, setSentTo] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const fail = (failure: unknown) => reportFailure(failure, (errors) => setError(Object.values(errors)[0]?.[0] ?? null));
  return (
    <div>
      {state.targets.length === 0 ? <p className="text-sm">{state.missing}</p> : (
        <ul className="mt-1 space-y-2 text-sm">
          {state.targets.map((target) => (
            <li key={target.index} className="flex flex-wrap items-center gap-2">
              <span>{target.target}</span>
              {target.verified ? <strong className="text-green-900">{m.adv_verified()}</strong> : (
                <button type="button" className={secondary} onClick={() => calls.sendPhoneCode(profileId, target.index).then((answer) => {
                  showToast(answer.message, 'success');
                  if (answer.data.status === 'approved') reload();
                  else setSentTo(target.index);
                }, fail)}>{m.adv_send_a_code()}</button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sentTo !== null && (
        <form className="mt-2 flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => {
          event.preventDefault();
          calls.confirmPhone(profileId, sentTo, code).then((answer) => {
            showToast(answer.message, 'success');
            setSentTo(null);
            setCode('');
            reload();
          }, fail);
        }}>
          <label htmlFor={codeId} className="text-sm font-semibold">{m.adv_six_digit_code()}
            <input id={codeId} inputMode="numeric" autoComplete="one-time-code" maxLength={6} className={field} value={code} onChange={(event) => setCode(event.target.value)} />
          </label>
          <button type="submit" className={primary}>{m.adv_confirm()}</button>
        </form>
      )}
      {error && <p className="mt-1 text-sm text-red-700" role="alert">{error}</p>}
    </div>
  );
}

function SsmBadge({ profileId, state, reload }: { profileId: number; state: calls.VerificationState['ssm_registered']; reload: () => void }) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const numberId = useId();
  const fileId = useId();
  return (
    <div className="text-sm">
      {state.status && (
        <p data-testid="ssm-status">{state.company_no} · {STATUS[state.status]()}{state.year ? ` · ${m.adv_since_year({ year: state.year })}` : ''}{state.reason ? ` · ${state.reason}` : ''}</p>
      )}
      {state.status !== 'pending' && !state.earned && (
        <form className="mt-2 grid gap-2 sm:grid-cols-2" noValidate onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          calls.requestSsm(profileId, new FormData(event.currentTarget)).then((answer) => {
            showToast(answer.message, 'success');
            setErrors({});
            reload();
          }, (failure: unknown) => reportFailure(failure, setErrors)).finally(() => setBusy(false));
        }}>
          <label htmlFor={numberId} className="font-semibold">{m.adv_ssm_number()}
            <input id={numberId} name="company_no" className={field} placeholder="201501012345" aria-invalid={errors.company_no ? true : undefined} aria-describedby={errors.company_no ? `${numberId}-error` : undefined} />
            {errors.company_no && <span id={`${numberId}-error`} className="block text-red-700">{errors.company_no[0]}</span>}
          </label>
          <label htmlFor={fileId} className="font-semibold">{m.adv_ssm_certificate()}
            <input id={fileId} name="certificate" type="file" accept="application/pdf,image/jpeg,image/png" className={field} aria-invalid={errors.certificate ? true : undefined} />
            {errors.certificate && <span className="block text-red-700">{errors.certificate[0]}</span>}
          </label>
          <button type="submit" className={`${primary} justify-self-start`} disabled={busy}>{m.adv_send_for_checking()}</button>
        </form>
      )}
    </div>
  );
}

export default function VerificationPanel({ profileId }: { profileId: number }) {
  const [state, setState] = useState<calls.VerificationState | null>(null);
  const load = useCallback(() => {
    calls.verifications(profileId).then(({ data }) => setState(data), (failure: unknown) => reportFailure(failure, () => undefined));
  }, [profileId]);
  useEffect(load, [load]);
  if (!state) return null;
  const row = (title: string, badge: { earned: boolean; url: string; missing: string | null }, body?: React.ReactNode) => (
    <li className="border-t border-gray-200 pt-3 first:border-0 first:pt-0">
      <p className="font-semibold">{title}: {badge.earned ? <span className="text-green-900">{m.adv_badge_shown()}</span> : <span className="text-gray-700">{m.adv_badge_not_shown()}</span>}
        {' '}<a href={badge.url} className="text-sm font-normal underline" target="_blank" rel="noopener">{m.adv_what_this_checks()}</a></p>
      {badge.missing && <p className="text-sm text-gray-700">{badge.missing}</p>}
      {body}
    </li>
  );
  return (
    <section className="panel mt-6" aria-labelledby="badges-heading" data-testid="verification-panel">
      <h2 id="badges-heading" className="text-lg font-bold">{m.adv_badges()}</h2>
      <ul className="mt-2 space-y-3">
        {row(m.adv_badge_phone(), state.phone_verified, <PhoneBadge profileId={profileId} state={state.phone_verified} reload={load} />)}
        {row(m.adv_badge_claimed(), state.claimed)}
        {row(m.adv_badge_ssm(), state.ssm_registered, <SsmBadge profileId={profileId} state={state.ssm_registered} reload={load} />)}
        {row(m.adv_badge_years(), state.years_in_business)}
      </ul>
    </section>
  );
}
