/**
 * /advertiser/leads (issue 26): every enquiry, job application and offer on the advertiser's listings since they
 * owned them, newest first, filtered by type, listing, status and dates; each opens at /advertiser/leads/{id}. The
 * filtered list exports as CSV, and the lead-mail setting (instant, daily digest at 08:00, off) is chosen here.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { ENQUIRY_KINDS } from '../../shared/enquiries.ts';
import { LEAD_MAIL_OPTIONS, LEAD_STATUSES, type LeadMail } from '../../shared/leads.ts';
import { leadKindLabel, leadMailLabel, leadStatusLabel, leadTitle } from '../../shared/lead-words.ts';
import * as m from '../../paraglide/messages.js';
import { showToast } from '../../stores/toasts.ts';
import { reportFailure } from '../forms.tsx';
import { AdvertiserOnly, secondary } from './gate.tsx';
import { LeadActions } from './LeadActions.tsx';

const field = 'mt-1 w-full rounded border border-gray-400 bg-white px-2 py-1.5';
const STATUS_STYLES = { new: 'bg-amber-100 text-amber-900', read: 'bg-gray-100 text-gray-800', replied: 'bg-green-100 text-green-900', archived: 'bg-gray-200 text-gray-700' } as const;

function LeadMailSetting() {
  const [value, setValue] = useState<LeadMail | null>(null);
  useEffect(() => {
    calls.leadSettings().then(({ data }) => setValue(data.lead_mail), (error: unknown) => reportFailure(error, () => undefined));
  }, []);
  if (!value) return null;
  return (
    <fieldset className="panel" data-testid="lead-mail">
      <legend className="font-semibold">{m.adv_tell_me_leads()}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {LEAD_MAIL_OPTIONS.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="radio" name="lead_mail" value={option} checked={value === option} onChange={() => {
              calls.saveLeadSettings(option).then(({ data }) => {
                setValue(data.lead_mail);
                showToast(m.adv_lead_mail_saved(), 'success');
              }, (error: unknown) => reportFailure(error, () => undefined));
            }} />
            {leadMailLabel(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Inbox() {
  const [query, setQuery] = useState<calls.LeadQuery>({});
  const [page, setPage] = useState<calls.LeadPage | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  useEffect(() => {
    let cancelled = false;
    calls.leads(query).then((answer) => { if (!cancelled) setPage(answer); }, (error: unknown) => reportFailure(error, () => undefined));
    return () => { cancelled = true; };
  }, [query]);
  const set = (name: keyof calls.LeadQuery) => (value: string) => setQuery(({ [name]: _old, page: _page, ...rest }) => (value ? { ...rest, [name]: value } : rest));
  const listing = query.post_id ? `post:${query.post_id}` : query.profile_id ? `profile:${query.profile_id}` : '';
  const exportQuery = Object.fromEntries(Object.entries(query).filter(([name, value]) => name !== 'page' && value)) as Record<string, string>;
  const active = Object.keys(exportQuery).length;
  return (
    <div className="space-y-4">
      {/* At phone widths the list comes first: the filters fold into this button. */}
      <button type="button" className={`${secondary} sm:hidden`} aria-expanded={filtersOpen} aria-controls="lead-filters" onClick={() => setFiltersOpen((open) => !open)}>
        {active > 0 ? m.adv_filters_count({ count: active }) : m.adv_filters()}
      </button>
      <form id="lead-filters" className={`panel gap-3 sm:grid sm:grid-cols-3 ${filtersOpen ? 'grid' : 'hidden'}`} aria-label={m.adv_filter_leads()} onSubmit={(event) => event.preventDefault()}>
        <div className="text-sm">
          <label htmlFor="leads-type" className="block font-semibold">{m.adv_type()}</label>
          <select id="leads-type" className={field} value={query.type ?? ''} onChange={(event) => set('type')(event.target.value)}>
            <option value="">{m.adv_all()}</option>
            {ENQUIRY_KINDS.map((kind) => <option key={kind} value={kind}>{leadKindLabel(kind)}</option>)}
          </select>
        </div>
        <div className="text-sm">
          <label htmlFor="leads-listing" className="block font-semibold">{m.adv_listing()}</label>
          <select id="leads-listing" className={field} value={listing} onChange={(event) => {
            const [type, id] = event.target.value.split(':');
            setQuery(({ post_id: _post, profile_id: _profile, page: _page, ...rest }) => (id ? { ...rest, [type === 'profile' ? 'profile_id' : 'post_id']: id } : rest));
          }}>
            <option value="">{m.adv_all_listings()}</option>
            {page?.listings.map((item) => <option key={`${item.type}:${item.id}`} value={`${item.type === 'profile' ? 'profile' : 'post'}:${item.id}`}>{item.title}</option>)}
          </select>
        </div>
        <div className="text-sm">
          <label htmlFor="leads-status" className="block font-semibold">{m.adv_status()}</label>
          <select id="leads-status" className={field} value={query.status ?? ''} onChange={(event) => set('status')(event.target.value)}>
            <option value="">{m.adv_all()}</option>
            {LEAD_STATUSES.map((status) => <option key={status} value={status}>{leadStatusLabel(status)}</option>)}
          </select>
        </div>
        <div className="text-sm">
          <label htmlFor="leads-from" className="block font-semibold">{m.adv_from()}</label>
          <input id="leads-from" type="date" className={field} value={query.from ?? ''} onChange={(event) => set('from')(event.target.value)} />
        </div>
        <div className="text-sm">
          <label htmlFor="leads-to" className="block font-semibold">{m.adv_to()}</label>
          <input id="leads-to" type="date" className={field} value={query.to ?? ''} onChange={(event) => set('to')(event.target.value)} />
        </div>
        <p className="self-end"><a href={calls.csvUrl('leads.csv', exportQuery)} className={`${secondary} inline-block`} download data-testid="leads-csv">{m.adv_export_csv()}</a></p>
      </form>
      {!page ? <p role="status">{m.loading()}</p> : (
        <>
          <p className="text-sm" data-testid="leads-unread">{m.adv_unread({ count: page.unread })}</p>
          {page.data.length === 0 ? <p className="panel">{m.adv_no_leads_match()}</p> : (
            <ul className="divide-y divide-gray-200 rounded border border-gray-200 bg-white" data-testid="leads">
              {page.data.map((lead) => (
                <li key={lead.id} className="space-y-2 p-3" data-testid="lead">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <a href={lead.url} className={`break-words text-blue-800 hover:underline ${lead.status === 'new' ? 'font-bold' : 'font-semibold'}`}>
                        {leadTitle(lead.type, lead.name)}
                      </a>
                      <p className="break-words text-sm text-gray-700">{(lead.post ?? lead.enquirable)?.title} · {lead.created_date}{lead.replies.length > 0 ? ` · ${m.adv_messages_count({ count: lead.replies.length })}` : ''}</p>
                    </div>
                    <span className={`rounded px-2 py-0.5 text-xs font-bold ${STATUS_STYLES[lead.status]}`}>{leadStatusLabel(lead.status)}</span>
                  </div>
                  <LeadActions lead={lead} replyHref={`${lead.url}#conversation-text`}
                    onChange={(changed) => setPage((current) => current && { ...current, data: current.data.map((item) => (item.id === changed.id ? changed : item)) })} />
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            {page.page > 1 && <button type="button" className={secondary} onClick={() => setQuery({ ...query, page: String(page.page - 1) })}>{m.adv_newer()}</button>}
            {page.has_more && <button type="button" className={secondary} onClick={() => setQuery({ ...query, page: String(page.page + 1) })}>{m.adv_older()}</button>}
          </div>
        </>
      )}
    </div>
  );
}

export default function LeadsInbox() {
  return (
    <AdvertiserOnly>
      {/* The leads first at phone widths; the lead-mail setting above them on wider screens. */}
      <div className="flex flex-col gap-4">
        <div className="order-2 sm:order-1"><LeadMailSetting /></div>
        <div className="order-1 sm:order-2"><Inbox /></div>
      </div>
    </AdvertiserOnly>
  );
}
