import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { localHref } from '../shared/i18n.ts';
import { $user } from '../stores/session.ts';
import type { EnquiryDialogProps } from './enquiry/EnquiryDialog.tsx';
import type { ReportDialogProps } from './ReportDialog.tsx';

const ReportDialog = lazy(() => import('./ReportDialog.tsx'));
const EnquiryDialog = lazy(() => import('./enquiry/EnquiryDialog.tsx'));

type ListingDialogButtonProps =
  | { dialog: 'report'; report: Omit<ReportDialogProps, 'onClose'>; label: string }
  | { dialog: 'enquiry'; enquiry: Omit<EnquiryDialogProps, 'onClose'>; label: string; placement: keyof typeof ACTION_CLASSES; continueLabel?: string };

/**
 * The signed-in person's conversation about a listing (issue 44), asked in the browser (the page stays the same for
 * everyone, and cached): its id, or null. Plain fetch: a session that ended meanwhile answers 401 quietly.
 */
function useConversationAbout(listing: { type: string; id: number }, signedIn: boolean): number | null {
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    fetch(`/api/conversations?role=person&listing=${listing.type}-${listing.id}`, { credentials: 'include' })
      .then((response) => (response.ok ? response.json() as Promise<{ data: { id: number }[] }> : null))
      .then((answer) => { if (!cancelled) setId(answer?.data[0]?.id ?? null); }, () => undefined);
    return () => { cancelled = true; };
  }, [listing.type, listing.id, signedIn]);
  return id;
}

/** The action button where it stands: the detail page's price box, the profile page's floating bar. */
const ACTION_CLASSES = {
  priceBox: 'rounded bg-ink text-white px-4 py-2 text-center font-semibold',
  floating: 'rounded bg-ink text-white px-4 py-2 font-semibold',
} as const;

/**
 * A listing's buttons that open a modal: Report (spec §2, 500 px) and the action button (Enquire Now,
 * Apply Now, Hire Now, Make Offer) with the enquiry modal (800 px). One island for both, and each modal
 * loads on the first click, so detail and profile pages carry neither. The action needs an account: a
 * signed-out click asks to log in first (client/auth-actions.ts) and opens the modal after.
 */
export default function ListingDialogButton(props: ListingDialogButtonProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const signedIn = useStore($user) !== null;
  const conversationId = useConversationAbout(props.dialog === 'enquiry' ? props.enquiry.listing : { type: '', id: 0 }, props.dialog === 'enquiry' && signedIn && Boolean(props.continueLabel));
  if (props.dialog === 'report') {
    return (
      <>
        <button type="button" onClick={() => setOpen(true)} className="min-h-6 underline" data-testid="report-open">{props.label}</button>
        {open && <Suspense fallback={null}><ReportDialog {...props.report} onClose={close} /></Suspense>}
      </>
    );
  }
  const { listing } = props.enquiry;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={ACTION_CLASSES[props.placement]} data-testid="action" data-auth-action="enquire"
        data-auth-key={`enquire:${listing.type}:${listing.id}`} data-analytics="enquire">{props.label}</button>
      {open && <Suspense fallback={null}><EnquiryDialog {...props.enquiry} onClose={close} /></Suspense>}
      {conversationId !== null && props.continueLabel && (
        <a href={localHref(`/me/messages/${conversationId}`)} className="rounded border border-ink px-4 py-2 text-center font-semibold" data-testid="continue-conversation">{props.continueLabel}</a>
      )}
    </>
  );
}
