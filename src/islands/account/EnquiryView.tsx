/**
 * One enquiry, job application, job offer or offer the user sent (spec §2 /me/{type}/{id}): what it is
 * about, its status and date, the sender's name, phone, e-mail and preferred contact method, and what
 * was asked, with its photos or the CV/document sent, and its conversation with the advertiser (issue 44), answered
 * here or in Messages.
 * Somebody else's is not found (the API answers 404).
 */
import * as m from '../../paraglide/messages.js';
import { localHref } from '../../shared/i18n.ts';
import { useEffect, useState } from 'react';
import { errorBody } from '../../client/api.ts';
import { enquiry } from '../../client/calls.ts';
import type { EnquiryKind, EnquiryRecord, MyAreaPage } from '../../shared/enquiries.ts';
import ConversationThread from '../conversations/ConversationThread.tsx';
import { EnquiryDetails, EnquiryStatus, enquirySummary } from './enquiry-parts.tsx';
import { SignedOutPanel, useSignedInId } from './signed-in.tsx';

/** `heading` ('Enquiry', 'Job application'…) and `back` (the My area tab that lists it) come in the page's language. */
export default function EnquiryView({ kind, id, heading, back: tab }: { kind: EnquiryKind; id: number; heading: string; back: { page: MyAreaPage; tab: string } }) {
  const { ready, userId } = useSignedInId();
  const [record, setRecord] = useState<(EnquiryRecord & { conversation_id: number | null }) | null | 'missing'>(null);

  useEffect(() => {
    if (!ready || userId === null) return;
    let cancelled = false;
    enquiry(kind, id).then(({ data }) => {
      if (!cancelled) setRecord(data);
    }, (error: unknown) => {
      if (!cancelled && errorBody(error).status === 404) setRecord('missing');
      else console.warn('The enquiry could not be loaded', error);
    });
    return () => { cancelled = true; };
  }, [ready, userId, kind, id]);

  const back = <a href={localHref(`/me/${tab.page}`)} className="link text-sm">← {tab.tab}</a>;
  if (!ready || (userId !== null && record === null)) return <p className="text-gray-700" role="status">{m.loading()}</p>;
  if (userId === null) return <SignedOutPanel text={m.enquiry_signed_out()} testId="my-area-signed-out" />;
  if (record === 'missing' || record === null) {
    return (
      <section className="py-10 text-center" data-testid="not-found">
        <h1 className="text-3xl font-bold">{m.not_found_heading()}</h1>
        <p className="mt-3 text-gray-700">{m.enquiry_missing()}</p>
        <p className="mt-4">{back}</p>
      </section>
    );
  }
  const listing = record.post ?? record.enquirable;
  return (
    <article className="space-y-4" data-testid="enquiry-view">
      {back}
      <header className="panel">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h1 className="text-2xl font-bold">{heading}</h1>
          <EnquiryStatus record={record} testId="enquiry-status" />
        </div>
        <p className="mt-2">
          {listing?.url ? <a href={localHref(listing.url)} className="font-semibold text-blue-800 hover:underline">{listing.title}</a> : <span className="font-semibold">{listing?.title}</span>}
        </p>
        <p className="text-sm text-gray-700">{enquirySummary(record)}</p>
      </header>
      <EnquiryDetails kind={kind} record={record} />
      {record.conversation_id !== null && (
        <>
          <p><a href={localHref(`/me/messages/${record.conversation_id}`)} className="link text-sm">{m.conversation_open_in_messages()}</a></p>
          <ConversationThread id={record.conversation_id} />
        </>
      )}
    </article>
  );
}
