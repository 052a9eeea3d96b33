/**
 * /advertiser/leads/conversations/{id} (issue 44): one of the owner's conversations, in the one conversation
 * component, with the quick answers of its lead (WhatsApp, Call, E-mail, each counted in insights) when it began
 * with an enquiry that gave them.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import ConversationThread from '../conversations/ConversationThread.tsx';
import { AdvertiserOnly } from './gate.tsx';
import { LeadActions } from './LeadActions.tsx';
import * as m from '../../paraglide/messages.js';

function QuickAnswers({ leadId }: { leadId: number }) {
  const [lead, setLead] = useState<calls.Lead | null>(null);
  useEffect(() => {
    calls.lead(leadId).then(({ data }) => setLead(data), () => setLead(null));
  }, [leadId]);
  return lead && <LeadActions lead={lead} replyHref="#conversation-text" onChange={setLead} archive={false} />;
}

export default function OwnerConversation({ id }: { id: number }) {
  return (
    <AdvertiserOnly>
      <div className="space-y-3">
        <a href="/advertiser/leads" className="link text-sm">{m.adv_all_leads()}</a>
        <ConversationThread id={id} actions={(thread) => (thread.role === 'owner' && thread.lead_id !== null ? <QuickAnswers leadId={thread.lead_id} /> : null)} />
      </div>
    </AdvertiserOnly>
  );
}
