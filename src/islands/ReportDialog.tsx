import { useState } from 'react';
import { createPortal } from 'react-dom';
import * as m from '../paraglide/messages.js';
import { errorBody } from '../client/api.ts';
import { report } from '../client/calls.ts';
import { ReportSchema } from '../shared/schemas/engagement.ts';
import { fieldErrors } from '../shared/schemas/field-errors.ts';
import type { REPORT_REASONS } from '../shared/constants.ts';
import { optionLabels } from '../shared/option-labels.ts';
import { showToast } from '../stores/toasts.ts';
import { useDialog } from './useDialog.ts';

export interface ReportDialogProps {
  type: 'services' | 'jobs' | 'hireme' | 'buysell' | 'profile';
  id: number;
  onClose: () => void;
}

/** The report modal (spec §2: 500 px; §5: all fields required, Report enabled only when valid). */
export default function ReportDialog({ type, id, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const close = onClose;
  const dialog = useDialog(true, close);
  const body = { type, id, reason: reason as keyof typeof REPORT_REASONS, description: text };
  // The rules the API reads the report with (ReportSchema); this dialog loads on demand, zod with it.
  const valid = fieldErrors(ReportSchema, body) === null;

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!valid) return;
    setPending(true);
    try {
      const result = await report(body);
      showToast(result.message);
      close();
      setReason('');
      setText('');
      setErrors({});
    } catch (error) {
      const data = errorBody(error);
      setErrors(data.errors ?? {});
      showToast(data.message ?? m.report_failed(), 'warning');
    } finally {
      setPending(false);
    }
  };

  // At the end of the body: no parent's stacking puts it under the site header (see Modal).
  return createPortal(
    <div className="fixed inset-0 z-[65] bg-black/50 flex items-center justify-center p-4" onClick={(event) => { if (event.target === event.currentTarget) close(); }}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby="report-title" className="w-full max-w-[500px] rounded-lg bg-white p-5 shadow-xl">
        <form onSubmit={submit} noValidate data-testid="report-form">
          <h2 id="report-title" className="text-lg font-bold">{m.report_title()}</h2>
          <label htmlFor="report-reason" className="mt-3 block text-sm font-medium">{m.report_reason()}</label>
          <select id="report-reason" value={reason} onChange={(event) => setReason(event.target.value)} required className="mt-1 w-full rounded border border-gray-400 px-2 py-2">
            <option value="">{m.report_choose()}</option>
            {Object.entries(optionLabels('report_reason')).map(([key, label]) => <option key={key} value={key}>{label}</option>)}
          </select>
          {errors.reason && <p className="text-sm text-red-700">{errors.reason[0]}</p>}
          <label htmlFor="report-description" className="mt-3 block text-sm font-medium">{m.report_description()}</label>
          <textarea id="report-description" value={text} onChange={(event) => setText(event.target.value)} rows={4} required maxLength={2000}
            className="mt-1 w-full rounded border border-gray-400 px-2 py-2" />
          {errors.description && <p className="text-sm text-red-700">{errors.description[0]}</p>}
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" onClick={close} className="rounded border border-gray-400 px-4 py-2">{m.dialog_close()}</button>
            <button type="submit" disabled={!valid || pending} className="rounded bg-ink text-white px-4 py-2 font-semibold disabled:opacity-50">{m.report_open()}</button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
