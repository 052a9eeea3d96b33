import { lazy, Suspense, useCallback, useState } from 'react';
import type { ReportDialogProps } from './ReportDialog.tsx';

const ReportDialog = lazy(() => import('./ReportDialog.tsx'));

/** The Report link; its modal (ReportDialog) loads on the first click, so pages do not carry it. */
export default function ReportButton({ type, id }: Omit<ReportDialogProps, 'onClose'>) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="min-h-6 underline" data-testid="report-open">Report</button>
      {open && <Suspense fallback={null}><ReportDialog type={type} id={id} onClose={close} /></Suspense>}
    </>
  );
}
