/**
 * /operator/listings and /operator/listings/{type}/{id} (issue 28): listings found by id, slug or title; a listing's
 * page with where it stands, hide, show again and remove with a reason (a short list and free text; removing asks to
 * confirm: issue 39), and its history (moderation and edits).
 */
import { useCallback, useEffect, useState } from 'react';
import { errorBody } from '../../client/api.ts';
import * as calls from '../../client/operator-calls.ts';
import { showToast } from '../../stores/toasts.ts';
import { LISTING_REASONS } from '../../shared/moderation-reasons.ts';
import { ReasonForm } from './ReasonForm.tsx';
import { secondary, useAction } from './reauth.tsx';

function Search() {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<calls.ListingHit[] | null>(null);
  return (
    <div className="space-y-4" data-testid="listings">
      <form className="panel flex flex-wrap items-end gap-2" onSubmit={async (event) => {
        event.preventDefault();
        try {
          setFound((await calls.searchListings(q)).data);
        } catch (error) {
          showToast(errorBody(error).message ?? 'The search did not work.', 'warning');
        }
      }}>
        <label className="text-sm font-semibold" htmlFor="listing-q">Id, slug or title</label>
        <input id="listing-q" className="rounded border border-gray-500 p-1" value={q} onChange={(event) => setQ(event.target.value)} />
        <button type="submit" className={secondary}>Find listings</button>
      </form>
      {found && (found.length === 0 ? <p className="panel">No listing matches.</p> : (
        <ul className="panel divide-y divide-gray-200">
          {found.map((hit) => (
            <li key={`${hit.type}-${hit.id}`} className="py-2 [overflow-wrap:anywhere]" data-testid="listing-hit">
              <a className="font-semibold underline" href={`/operator/listings/${hit.type}/${hit.id}`}>{hit.title}</a> · {hit.type} {hit.id} · {hit.status}
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

function Listing({ type, id }: { type: string; id: number }) {
  const [page, setPage] = useState<calls.ListingPage | null>(null);
  const load = useCallback(async () => {
    try {
      setPage((await calls.listing(type, id)).data);
    } catch (error) {
      showToast(errorBody(error).message ?? 'The listing could not be read.', 'warning');
    }
  }, [type, id]);
  useEffect(() => { void load(); }, [load]);
  const { run, busy, form } = useAction(() => void load());
  if (!page) return <p role="status">Loading…</p>;
  const { listing } = page;
  return (
    <div className="space-y-4" data-testid="listing-page">
      {form}
      <section className="panel [overflow-wrap:anywhere]" aria-labelledby="listing-heading">
        <h2 id="listing-heading" className="text-lg font-bold"><a className="underline" href={listing.url}>{listing.title}</a></h2>
        <p>{listing.type} {listing.id} · {listing.status}{listing.held ? ` (held: ${listing.held})` : ''} · {listing.plan} · owner {listing.owner_user_id ?? 'none'}</p>
        {listing.moderation_reason && <p className="text-sm">Reason given: {listing.moderation_reason}</p>}
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <ReasonForm label="Hide" reasons={LISTING_REASONS} busy={busy} testId="hide-form" onReason={(reason) => void run(() => calls.moderateListing(type, id, 'hide', reason))} />
          <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => calls.moderateListing(type, id, 'unhide'))}>Show again</button>
          <ReasonForm label="Remove" reasons={LISTING_REASONS} busy={busy} testId="remove-form"
            confirm={`Remove "${listing.title}"${type === 'profile' ? ' and every ad under it' : ''} for good? Its page answers 410 and it cannot come back.`}
            onReason={(reason) => void run(() => calls.moderateListing(type, id, 'remove', reason))} />
        </div>
      </section>
      <section className="panel" aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-bold">History</h2>
        {page.history.length === 0 ? <p>Nothing yet.</p> : (
          <ul className="mt-1 space-y-1 text-sm [overflow-wrap:anywhere]">
            {page.history.map((entry, index) => (
              <li key={index} data-testid="history-entry">{entry.at.slice(0, 16).replace('T', ' ')} · {entry.what} · by {entry.by ?? 'someone'}{entry.reason ? ` · ${entry.reason}` : ''}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function Listings({ listing }: { listing?: { type: string; id: number } }) {
  return listing ? <Listing type={listing.type} id={listing.id} /> : <Search />;
}
