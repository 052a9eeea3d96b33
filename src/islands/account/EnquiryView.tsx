/**
 * One enquiry, job application, job offer or offer the user sent (spec §2 /me/{type}/{id}): what it is
 * about, its status and date, the sender's name, phone, e-mail and preferred contact method, and what
 * was asked, with its photos or the CV/document sent, and the thread with the advertiser (issue 26), answered here.
 * Somebody else's is not found (the API answers 404).
 */
import { localHref } from '../../shared/i18n.ts';
import { useEffect, useState } from 'react';
import { errorBody } from '../../client/api.ts';
import { answerEnquiry, enquiry } from '../../client/calls.ts';
import { ENQUIRY_WORDS, MY_AREA_PAGES, type EnquiryKind, type EnquiryRecord } from '../../shared/enquiries.ts';
import type { LeadReply } from '../../shared/leads.ts';
import { EnquiryDetails, EnquiryStatus, enquirySummary } from './enquiry-parts.tsx';
import { EnquiryThread } from './EnquiryThread.tsx';
import { SignedOutPanel, useSignedInId } from './signed-in.tsx';

export default function EnquiryView({ kind, id }: { kind: EnquiryKind; id: number }) {
  const { ready, userId } = useSignedInId();
  const [record, setRecord] = useState<(EnquiryRecord & { replies: LeadReply[]; can_answer: boolean }) | null | 'missing'>(null);
  const words = ENQUIRY_WORDS[kind];

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

  const back = <a href={localHref(`/me/${words.page}`)} className="link text-sm">← {MY_AREA_PAGES[words.page].tab}</a>;
  if (!ready || (userId !== null && record === null)) return <p className="text-gray-700" role="status">Loading…</p>;
  if (userId === null) return <SignedOutPanel text="Log in to see what you sent." testId="my-area-signed-out" />;
  if (record === 'missing' || record === null) {
    return (
      <section className="py-10 text-center" data-testid="not-found">
        <h1 className="text-3xl font-bold">404 Page Unavailable!</h1>
        <p className="mt-3 text-gray-700">This enquiry does not exist, or it is not yours.</p>
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
          <h1 className="text-2xl font-bold">{words.noun}</h1>
          <EnquiryStatus record={record} testId="enquiry-status" />
        </div>
        <p className="mt-2">
          {listing?.url ? <a href={localHref(listing.url)} className="font-semibold text-blue-800 hover:underline">{listing.title}</a> : <span className="font-semibold">{listing?.title}</span>}
        </p>
        <p className="text-sm text-gray-700">{enquirySummary(record)}</p>
      </header>
      <EnquiryDetails kind={kind} record={record} />
      <EnquiryThread replies={record.replies} mine="sender" theirs="Advertiser" canSend={record.can_answer}
        closedText="The advertiser's replies will show here, and you can answer them." send={(message) => answerEnquiry(kind, id, message)} />
    </article>
  );
}
