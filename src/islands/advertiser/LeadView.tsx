/**
 * /advertiser/leads/{id} (issue 26): everything the sender gave (spec §3), the CV or document, the lead's status,
 * the quick answers, and its conversation (issue 44, the one conversation component): both sides write at any time,
 * live. Opening a new lead marks it read.
 */
import { useEffect, useState } from 'react';
import { errorBody } from '../../client/api.ts';
import * as calls from '../../client/advertiser-calls.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../shared/leads.ts';
import { leadMarkedText, leadStatusLabel, leadTitle } from '../../shared/lead-words.ts';
import * as m from '../../paraglide/messages.js';
import { showToast } from '../../stores/toasts.ts';
import { EnquiryDetails } from '../account/enquiry-parts.tsx';
import ConversationThread from '../conversations/ConversationThread.tsx';
import { reportFailure } from '../forms.tsx';
import { AdvertiserOnly } from './gate.tsx';
import { LeadActions } from './LeadActions.tsx';

function Lead({ id }: { id: number }) {
  const [lead, setLead] = useState<calls.Lead | null | 'missing'>(null);
  useEffect(() => {
    calls.lead(id).then(({ data }) => setLead(data), (error: unknown) => {
      if (errorBody(error).status === 404) setLead('missing');
      else reportFailure(error, () => undefined);
    });
  }, [id]);
  const back = <a href="/advertiser/leads" className="link text-sm">{m.adv_all_leads()}</a>;
  if (lead === null) return <p role="status">{m.loading()}</p>;
  if (lead === 'missing') return <div className="panel" data-testid="not-found"><p>{m.adv_lead_not_found()}</p><p className="mt-2">{back}</p></div>;
  const listing = lead.post ?? lead.enquirable;
  return (
    <article className="space-y-4" data-testid="lead-view">
      {back}
      <header className="panel">
        <h2 className="text-xl font-bold">{leadTitle(lead.type, lead.name)}</h2>
        <p className="mt-1 break-words">{listing?.url ? <a href={listing.url} className="font-semibold text-blue-800 hover:underline">{listing.title}</a> : listing?.title} · {m.adv_sent_on({ date: lead.created_date })}</p>
        <label className="mt-2 flex items-center gap-2 text-sm font-semibold">{m.adv_status()}
          <select className="rounded border border-gray-400 bg-white px-2 py-1" value={lead.status} data-testid="lead-status" onChange={(event) => {
            calls.setLeadStatus(id, event.target.value as LeadStatus).then(({ data }) => {
              setLead(data);
              showToast(leadMarkedText(data.status), 'success');
            }, (error: unknown) => reportFailure(error, () => undefined));
          }}>
            {LEAD_STATUSES.map((status) => <option key={status} value={status}>{leadStatusLabel(status)}</option>)}
          </select>
        </label>
        <div className="mt-3"><LeadActions lead={lead} replyHref="#conversation-text" onChange={setLead} /></div>
      </header>
      <EnquiryDetails kind={lead.type} record={lead} />
      {lead.conversation_id !== null && <ConversationThread id={lead.conversation_id} onSent={() => setLead({ ...lead, status: 'replied' })} />}
    </article>
  );
}

export default function LeadView({ id }: { id: number }) {
  return <AdvertiserOnly><Lead id={id} /></AdvertiserOnly>;
}
