/**
 * The owner's conversations on /advertiser/leads (issue 44): the one conversation list (ConversationList), on the
 * owner's side, filtered by the advertiser's listings and their type as well; each opens at
 * /advertiser/leads/conversations/{id}.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import ConversationList, { type ListingOption } from '../conversations/ConversationList.tsx';
import { reportFailure } from '../forms.tsx';
import { AdvertiserOnly } from './gate.tsx';
import * as m from '../../paraglide/messages.js';

function Conversations() {
  const [listings, setListings] = useState<ListingOption[] | null>(null);
  useEffect(() => {
    calls.leads({}).then((answer) => setListings(answer.listings.map((item) => ({ value: `${item.type}-${item.id}`, title: item.title }))),
      (error: unknown) => reportFailure(error, () => undefined));
  }, []);
  if (!listings) return <p role="status">{m.loading()}</p>;
  return <ConversationList roles={['owner']} base="/advertiser/leads/conversations" listings={listings} />;
}

export default function OwnerConversations() {
  return (
    <AdvertiserOnly>
      <section aria-labelledby="owner-conversations" className="space-y-2">
        <h2 id="owner-conversations" className="text-lg font-bold">{m.adv_conversations()}</h2>
        <Conversations />
      </section>
    </AdvertiserOnly>
  );
}
