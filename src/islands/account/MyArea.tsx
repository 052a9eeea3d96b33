/**
 * My area's list (spec §2 /me/{page}): the signed-in user's enquiries/bookings, job applications,
 * buy & sell offers, job offers, or what they follow, newest first, a page at a time ('Show more').
 * Each enquiry links to its view and shows its status (Pending); an empty list says so in the words
 * of spec §8.
 */
import { localHref } from '../../shared/i18n.ts';
import { typeLabel } from '../../shared/type-labels.ts';
import * as m from '../../paraglide/messages.js';
import { useEffect, useState } from 'react';
import { enquiries, follows, type FollowListItem } from '../../client/calls.ts';
import { Picture } from '../../components/Picture.tsx';
import { MY_AREA_PAGES, type EnquiryRecord, type MyAreaPage } from '../../shared/enquiries.ts';
import { EnquiryStatus, enquirySummary } from './enquiry-parts.tsx';
import { SignedOutPanel, useSignedInId } from './signed-in.tsx';

/** A list item: what the page's call answers (GET follow, or GET of the page's enquiry kind). */
type Item = FollowListItem | EnquiryRecord;

function EnquiryItem({ record }: { record: EnquiryRecord }) {
  const listing = record.post ?? record.enquirable;
  return (
    <a href={localHref(record.url)} className="block rounded-lg border border-gray-200 bg-white p-3 hover:border-ink" data-testid="my-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="font-semibold text-blue-800">{listing?.title}</span>
        <EnquiryStatus record={record} />
      </div>
      <p className="mt-1 text-sm text-gray-700">{enquirySummary(record)}</p>
    </a>
  );
}

function FollowedItem({ item }: { item: FollowListItem }) {
  return (
    <a href={localHref(item.followable.url)} className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3 hover:border-ink" data-testid="my-item">
      {item.followable.image
        ? <Picture image={item.followable.image} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded object-cover" />
        : <span className="h-12 w-16 shrink-0 rounded bg-gray-100" aria-hidden="true" />}
      <span>
        <span className="block font-semibold text-blue-800">{item.followable.title}</span>
        <span className="text-sm text-gray-700">{item.type === 'profile' ? m.my_business() : typeLabel(item.type, 'tab')}</span>
      </span>
    </a>
  );
}

/** `empty`: what an empty list says (spec §8), in the page's language, given by the page. */
export default function MyArea({ page, empty }: { page: MyAreaPage; empty: string }) {
  const { ready, userId } = useSignedInId();
  const [items, setItems] = useState<Item[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const kind = MY_AREA_PAGES[page].kind;

  const load = async (number: number, previous: Item[]) => {
    setLoading(true);
    try {
      const answer: { data: Item[]; has_more: boolean } = kind === null ? await follows(number) : await enquiries(kind, number);
      setItems([...previous, ...answer.data]);
      setNext(answer.has_more ? number + 1 : null);
    } catch (error) {
      console.warn('My area could not be loaded', error);
      setItems(previous);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (!ready) return;
    setItems(null);
    if (userId !== null) void load(1, []);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload only when who is signed in changes
  }, [ready, userId]);

  if (!ready || (userId !== null && items === null)) return <p className="text-gray-700" role="status">{m.loading()}</p>;
  if (userId === null) return <SignedOutPanel text={m.my_area_signed_out()} testId="my-area-signed-out" />;
  if (items!.length === 0) return <p className="panel" data-testid="my-area-empty">{empty}</p>;
  return (
    <div>
      <ul className="grid gap-3" data-testid="my-area-list">
        {items!.map((item) => (
          <li key={`${item.type}-${item.id}`}>
            {page === 'following' ? <FollowedItem item={item as FollowListItem} /> : <EnquiryItem record={item as EnquiryRecord} />}
          </li>
        ))}
      </ul>
      {next !== null && (
        <button type="button" disabled={loading} onClick={() => void load(next, items!)} className="mt-4 rounded border border-ink px-4 py-2 font-semibold disabled:opacity-50">
          {m.show_more()}
        </button>
      )}
    </div>
  );
}
