/**
 * A person's conversations (issue 44) on the sides the page names (My area: both, as a buyer and as a seller; the
 * advertiser's leads: the owner's), the latest first, with their unread counts kept live, filtered to the unread or
 * the archived, by type and, given the owner's listings, by listing; a page at a time. Each links to its
 * conversation under `base`.
 */
import { useEffect, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { conversations } from '../../client/conversation-calls.ts';
import { LISTING_REF_TYPES, type ListingRefType } from '../../shared/constants.ts';
import type { ConversationRole, ConversationView } from '../../shared/conversations.ts';
import { typeLabel } from '../../shared/type-labels.ts';
import { localHref } from '../../shared/i18n.ts';
import { onLiveEvent, startLive } from '../../stores/conversations.ts';
import { SignedOutPanel, useSignedInId } from '../account/signed-in.tsx';

type Filter = 'all' | 'unread' | 'archived';

/** A listing to filter by, named as the API reads it (`services-12`). */
export interface ListingOption {
  value: string;
  title: string;
}

const typeName = (type: ListingRefType) => (type === 'profile' ? m.conversations_type_business() : typeLabel(type, 'select'));

export default function ConversationList({ roles, base, listings }: { roles: ConversationRole[]; base: string; listings?: ListingOption[] }) {
  const { ready, userId } = useSignedInId();
  const [filter, setFilter] = useState<Filter>('all');
  const [listing, setListing] = useState('');
  const [type, setType] = useState<ListingRefType | ''>('');
  const [items, setItems] = useState<ConversationView[] | null>(null);
  const [next, setNext] = useState<number | null>(null);

  const load = (page: number, previous: ConversationView[]) => Promise.all(roles.map((role) => conversations(role, {
    page, unread: filter === 'unread', archived: filter === 'archived' ? true : filter === 'all' ? false : undefined, listing, type,
  }))).then((answers) => {
    const merged = [...previous, ...answers.flatMap((answer) => answer.data)].sort((a, b) => b.last_message_at.localeCompare(a.last_message_at) || b.id - a.id);
    setItems([...new Map(merged.map((item) => [item.id, item])).values()]);
    setNext(answers.some((answer) => answer.has_more) ? page + 1 : null);
  }, () => setItems(previous));

  useEffect(() => {
    if (!ready || userId === null) return;
    startLive();
    setItems(null);
    void load(1, []);
    // A new message moves its conversation up, with its count: the first page is read again.
    return onLiveEvent((event) => {
      if (event.event === 'message') void load(1, []);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when who is signed in or a filter changes
  }, [ready, userId, filter, listing, type]);

  if (!ready || (userId !== null && items === null)) return <p className="text-gray-700" role="status">{m.loading()}</p>;
  if (userId === null) return <SignedOutPanel text={m.my_area_signed_out()} testId="conversations-signed-out" />;
  const filters: [Filter, string][] = [['all', m.conversations_filter_all()], ['unread', m.conversations_filter_unread()], ['archived', m.conversations_filter_archived()]];
  return (
    <div data-testid="conversations">
      <div role="group" aria-label={m.conversations_filters()} className="mb-3 flex flex-wrap gap-2 text-sm">
        {filters.map(([value, label]) => (
          <button key={value} type="button" aria-pressed={filter === value} onClick={() => setFilter(value)}
            className={`rounded-full border px-3 py-1 ${filter === value ? 'border-ink bg-ink text-white' : 'border-gray-400'}`}>{label}</button>
        ))}
      </div>
      <div className="mb-3 grid gap-2 text-sm sm:grid-cols-2">
        {listings && (
          <label className="min-w-0 font-semibold">{m.conversations_filter_listing()}
            <select className="mt-1 block w-full rounded border border-gray-400 bg-white px-2 py-1.5 font-normal" value={listing} onChange={(event) => setListing(event.target.value)}>
              <option value="">{m.conversations_all_listings()}</option>
              {listings.map((option) => <option key={option.value} value={option.value}>{option.title}</option>)}
            </select>
          </label>
        )}
        <label className="min-w-0 font-semibold">{m.conversations_filter_type()}
          <select className="mt-1 block w-full rounded border border-gray-400 bg-white px-2 py-1.5 font-normal" value={type} onChange={(event) => setType(event.target.value as ListingRefType | '')}>
            <option value="">{m.conversations_all_types()}</option>
            {LISTING_REF_TYPES.map((value) => <option key={value} value={value}>{typeName(value)}</option>)}
          </select>
        </label>
      </div>
      {items!.length === 0 ? <p className="panel" data-testid="conversations-empty">{m.conversations_empty()}</p> : (
        <ul className="grid gap-3">
          {items!.map((item) => (
            // min-w-0: a grid item is as wide as its content by default, and a long last message would widen the page.
            <li key={item.id} className="min-w-0">
              <a href={localHref(`${base}/${item.id}`)} className="block rounded-lg border border-gray-200 bg-white p-3 hover:border-ink" data-testid="conversation-item">
                <span className="flex flex-wrap items-start justify-between gap-2">
                  <span className="font-semibold text-blue-800">{item.listing.title}</span>
                  {item.unread > 0 && <span className="rounded-full bg-red-700 px-2 text-sm font-semibold text-white">{m.conversations_unread({ count: item.unread })}</span>}
                </span>
                <span className="block text-sm text-gray-700">{m.conversation_with({ name: item.with })}</span>
                {item.last_message?.text && <span className="mt-1 block truncate text-sm">{item.last_message.text}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
      {next !== null && <button type="button" onClick={() => void load(next, items!)} className="mt-4 rounded border border-ink px-4 py-2 font-semibold">{m.show_more()}</button>}
    </div>
  );
}
