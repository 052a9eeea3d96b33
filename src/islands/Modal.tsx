import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import * as m from '../paraglide/messages.js';
import { useDialog } from './useDialog.ts';

interface ModalProps {
  title: string;
  /** 400 px for the login and account modals, 500 px for the report modal, 800 px for the enquiry modal (spec §2). */
  width: 400 | 500 | 800;
  onClose: () => void;
  /** Test id and view name on the dialog, for tests and styling. */
  testId: string;
  view?: string;
  children: ReactNode;
}

const WIDTHS = { 400: 'max-w-[400px]', 500: 'max-w-[500px]', 800: 'max-w-[800px]' } as const;

/**
 * A modal dialog over a dimmed page: titled, closed by its × button, Escape or a click outside, with
 * focus moved in, trapped and given back (useDialog). It is drawn at the end of the body, so that no parent's stacking
 * (a phone's floating action bar) puts it under the site header.
 */
export default function Modal({ title, width, onClose, testId, view, children }: ModalProps) {
  const dialog = useDialog(true, onClose);
  return createPortal(
    <div className="fixed inset-0 z-[65] flex items-center justify-center bg-black/50 p-4" onClick={(event) => { if (event.target === event.currentTarget) onClose(); }}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={`${testId}-title`} data-testid={testId} data-view={view}
        className={`max-h-[95vh] w-full ${WIDTHS[width]} overflow-y-auto rounded-lg bg-white p-5 shadow-xl`}>
        <div className="flex items-start justify-between gap-2">
          <h2 id={`${testId}-title`} className="text-lg font-bold">{title}</h2>
          <button type="button" onClick={onClose} aria-label={m.dialog_close()} className="-mr-2 -mt-1 min-h-6 min-w-6 px-2 text-2xl leading-none">×</button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
