/**
 * Claim Business, /advertiser/claim/{slug} (issues 25 and 40): the claimant picks one of the numbers or addresses the
 * profile lists (shown masked), gets a code there and types it in; without either, they send a document. A member who
 * is not an advertiser yet claims by SMS: that one code also makes them an advertiser.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { errorBody } from '../../client/api.ts';
import { reportFailure } from '../forms.tsx';
import { showToast } from '../../stores/toasts.ts';
import { FieldErrors, primary, SignedInOnly } from './gate.tsx';
import { openLogin, signedIn } from '../../stores/session.ts';
import { account } from '../../client/calls.ts';
import * as m from '../../paraglide/messages.js';

function ClaimView({ profileId, advertiser }: { profileId: number; advertiser: boolean }) {
  const [options, setOptions] = useState<calls.ClaimOptions | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [choice, setChoice] = useState<string>('');
  const [claim, setClaim] = useState<{ id: number; message: string } | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    calls.claimOptions(profileId).then(({ data }) => {
      // A member can claim by SMS only (the code proves the phone the advertiser role needs).
      const offered = advertiser ? data : { ...data, options: data.options.filter((option) => option.method === 'sms'), document: false };
      setOptions(offered);
      setChoice(offered.options[0] ? String(offered.options[0].index) : 'document');
    }, (error: unknown) => setRefused(errorBody(error).message ?? m.adv_cannot_claim()));
  }, [profileId, advertiser]);

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      const answer = await call();
      setErrors({});
      return answer;
    } catch (error) {
      reportFailure(error, setErrors);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (choice === 'document') {
      const form = new FormData(event.currentTarget);
      form.set('profile_id', String(profileId));
      form.set('method', 'document');
      const answer = await run(() => calls.claimByDocument(form));
      if (answer) setDone(answer.data.message);
      return;
    }
    const option = options!.options.find((item) => String(item.index) === choice)!;
    const answer = await run(() => calls.startClaim({ profile_id: profileId, method: option.method, target: option.index }));
    if (answer) setClaim({ id: answer.data.id, message: answer.data.message });
  }

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    const answer = await run(() => calls.verifyClaim(claim!.id, code));
    if (answer) {
      // The claim made a member an advertiser: the stored user learns its new role before the advertiser site opens.
      if (answer.data.advertiser && !advertiser) signedIn((await account()).data);
      showToast(answer.message ?? m.adv_business_yours(), 'success');
      window.location.assign(`/advertiser/profiles/${answer.data.profile.id}`);
    }
  }

  if (refused) return <p className="panel" role="alert">{refused}</p>;
  if (!options) return <p role="status">{m.loading()}</p>;
  if (!advertiser && options.options.length === 0) {
    return (
      <div className="panel" data-testid="advertiser-become">
        <p>{m.adv_no_mobile_to_claim()}</p>
        <button type="button" className={`mt-3 ${primary}`} onClick={() => openLogin('becomeAdvertiser')}>{m.advertiser_be()}</button>
      </div>
    );
  }
  if (done) return <p className="panel" role="status" data-testid="claim-done">{done}</p>;
  if (claim) {
    return (
      <form className="panel max-w-md" onSubmit={verify} data-testid="claim-verify">
        <p>{claim.message}</p>
        <label htmlFor="claim-code" className="mt-3 block font-semibold">{m.adv_code()}</label>
        <input id="claim-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(event) => setCode(event.target.value)}
          className="mt-1 w-full rounded border border-gray-400 px-3 py-2" aria-describedby={errors.code ? 'claim-code-error' : undefined} />
        <FieldErrors id="claim-code" errors={errors.code} />
        <button type="submit" className={`mt-4 ${primary}`} disabled={busy || code.length !== 6}>{m.adv_verify()}</button>
      </form>
    );
  }
  return (
    <form className="panel max-w-xl" onSubmit={send} data-testid="claim-form">
      <h2 className="text-lg font-bold [overflow-wrap:anywhere]">{m.adv_claim_named({ name: options.profile.name })}</h2>
      {!advertiser && <p className="mt-2 text-sm" data-testid="claim-becomes-advertiser">{m.adv_code_makes_advertiser()}</p>}
      <fieldset className="mt-3">
        <legend className="font-semibold">{m.adv_prove_yours()}</legend>
        {options.options.map((option) => (
          <label key={option.index} className="mt-2 flex items-center gap-2">
            <input type="radio" name="target" value={option.index} checked={choice === String(option.index)} onChange={() => setChoice(String(option.index))} />
            {option.method === 'sms' ? m.adv_code_by_sms({ target: option.target }) : m.adv_code_by_email({ target: option.target })}
          </label>
        ))}
        {options.document && (
          <label className="mt-2 flex items-center gap-2">
            <input type="radio" name="target" value="document" checked={choice === 'document'} onChange={() => setChoice('document')} />
            {m.adv_send_ssm_certificate()}
          </label>
        )}
      </fieldset>
      {choice === 'document' && (
        <div className="mt-3">
          <label htmlFor="claim-document" className="block font-semibold">{m.adv_certificate_file()}</label>
          <input id="claim-document" name="document" type="file" accept="application/pdf,image/jpeg,image/png,image/webp" required className="mt-1" />
          <FieldErrors id="claim-document" errors={errors.document} />
        </div>
      )}
      <FieldErrors id="claim" errors={errors.method ?? errors.target ?? errors.profile_id} />
      <button type="submit" className={`mt-4 ${primary}`} disabled={busy}>{choice === 'document' ? m.adv_send_document() : m.adv_send_code()}</button>
    </form>
  );
}

export default function ClaimBusiness({ profileId }: { profileId: number }) {
  return <SignedInOnly text={m.adv_sign_in_to_claim()}>{(advertiser) => <ClaimView profileId={profileId} advertiser={advertiser} />}</SignedInOnly>;
}
