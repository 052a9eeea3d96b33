/**
 * /advertiser/insights (issue 26): per listing, per business or in total, by Malaysian day, for 7, 30 or 90 days or a
 * custom range, against the period just before: views, search impressions, clicks by action, leads by type, new
 * followers and reviews, and the search terms that showed the listings. Each chart (uPlot, loaded only here) has a
 * table of the same numbers; the figures export as CSV.
 */
import { useEffect, useRef, useState } from 'react';
import 'uplot/dist/uPlot.min.css';
import * as calls from '../../client/advertiser-calls.ts';
import { ANALYTICS_ACTIONS } from '../../shared/constants.ts';
import { ENQUIRY_KINDS } from '../../shared/enquiries.ts';
import { LEAD_ACTIONS } from '../../shared/leads.ts';
import { clickLabel, leadAnsweredLabel, leadKindsLabel } from '../../shared/lead-words.ts';
import * as m from '../../paraglide/messages.js';
import { INSIGHT_RANGES, SEARCH_TERM_MIN, type InsightTotals } from '../../shared/insights.ts';
import { daysBefore, malaysiaToday } from '../../shared/malaysia-time.ts';
import { reportFailure } from '../forms.tsx';
import { AdvertiserOnly, secondary } from './gate.tsx';

const field = 'mt-1 w-full rounded border border-gray-400 bg-white px-2 py-1.5';
const COLOURS = ['#1d4ed8', '#b45309', '#15803d', '#7e22ce', '#be123c', '#0f766e'];
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const clicksOf = (totals: InsightTotals) => sum(Object.values(totals.clicks));
const enquiriesOf = (totals: InsightTotals) => sum(Object.values(totals.enquiries));

interface Chart {
  id: string;
  title: string;
  days: string[];
  series: { label: string; values: number[] }[];
}

/** A line chart of daily series (uPlot, drawn in the browser) and, under it, a table of the very same numbers. */
function ChartFigure({ chart }: { chart: Chart }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let plot: { destroy(): void } | undefined;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled || !box.current) return;
      const width = Math.max(260, box.current.clientWidth);
      plot = new UPlot({
        width, height: 220,
        scales: { x: { time: true } },
        axes: [{}, { size: 40 }],
        series: [{}, ...chart.series.map((line, index) => ({ label: line.label, stroke: COLOURS[index % COLOURS.length], width: 2 }))],
      }, [chart.days.map((day) => Date.parse(`${day}T00:00:00+08:00`) / 1000), ...chart.series.map((line) => line.values)], box.current);
    });
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [chart]);
  return (
    <figure className="panel min-w-0" aria-labelledby={`${chart.id}-title`} data-testid={`chart-${chart.id}`}
      data-chart={JSON.stringify({ days: chart.days, series: chart.series })}>
      <figcaption id={`${chart.id}-title`} className="font-semibold">{chart.title}</figcaption>
      <div ref={box} className="mt-2 w-full overflow-hidden" aria-hidden="true" />
      {/* Scrolls on its own (90 days is long): focusable, so a keyboard can scroll it too. */}
      <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={m.ins_table_of({ title: chart.title })}>
        <table className="w-full text-right text-sm" data-testid={`table-${chart.id}`}>
          <caption className="sr-only">{m.ins_by_day({ title: chart.title })}</caption>
          <thead><tr><th scope="col" className="text-left">{m.ins_day()}</th>{chart.series.map((line) => <th key={line.label} scope="col">{line.label}</th>)}</tr></thead>
          <tbody>
            {chart.days.map((day, row) => (
              <tr key={day} className="border-t border-gray-100">
                <th scope="row" className="text-left font-normal">{day}</th>
                {chart.series.map((line) => <td key={line.label}>{line.values[row]}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function Compare({ label, now, before, testId }: { label: string; now: number | null; before: number | null; testId: string }) {
  return (
    <div className="panel" data-testid={testId}>
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-2xl font-bold">{now ?? '–'}</dd>
      <dd className="text-xs text-gray-700">{m.ins_previous_period({ value: before ?? '–' })}</dd>
    </div>
  );
}

function Figures() {
  const today = malaysiaToday();
  const [range, setRange] = useState({ from: daysBefore(today, 29), to: today });
  const [listing, setListing] = useState('');
  const [figures, setFigures] = useState<calls.Insights | null>(null);
  const [listings, setListings] = useState<calls.Insights['listings']>([]);
  const query: Record<string, string> = { ...range, ...(listing ? { [listing.startsWith('profile:') ? 'profile_id' : 'post_id']: listing.split(':')[1]! } : {}) };
  const key = JSON.stringify(query);
  useEffect(() => {
    let cancelled = false;
    calls.insights(JSON.parse(key) as Record<string, string>).then(({ data }) => {
      if (cancelled) return;
      setFigures(data);
      if (!listing) setListings(data.listings);
    }, (error: unknown) => reportFailure(error, () => undefined));
    return () => { cancelled = true; };
  }, [key, listing]);
  const days = figures?.series.days ?? [];
  const charts: Chart[] = figures ? [
    { id: 'views', title: m.ins_views_impressions(), days, series: [{ label: m.ins_views(), values: figures.series.views }, { label: m.ins_impressions(), values: figures.series.impressions }] },
    { id: 'clicks', title: m.ins_clicks(), days, series: ANALYTICS_ACTIONS.filter((action) => figures.totals.clicks[action] > 0 || ['call', 'whatsapp'].includes(action))
      .map((action) => ({ label: clickLabel(action), values: figures.series.clicks[action] })) },
    { id: 'leads', title: m.ins_leads_followers_reviews(), days, series: [
      ...ENQUIRY_KINDS.map((kind) => ({ label: leadKindsLabel(kind), values: figures.series.enquiries[kind] })),
      { label: m.ins_new_followers(), values: figures.series.followers }, { label: m.ins_new_reviews(), values: figures.series.reviews },
    ] },
    { id: 'answers', title: m.ins_leads_answered(), days, series: LEAD_ACTIONS.map((action) => ({ label: leadAnsweredLabel(action), values: figures.series.lead_actions[action] })) },
  ] : [];
  return (
    <div className="space-y-4">
      <form className="panel grid gap-3 sm:grid-cols-4" aria-label={m.ins_choose_period()} onSubmit={(event) => event.preventDefault()}>
        <fieldset className="sm:col-span-4">
          <legend className="text-sm font-semibold">{m.adv_period()}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {INSIGHT_RANGES.map((length) => (
              <button key={length} type="button" className={secondary} aria-pressed={range.to === today && range.from === daysBefore(today, length - 1)}
                onClick={() => setRange({ from: daysBefore(today, length - 1), to: today })}>{m.ins_days({ count: length })}</button>
            ))}
          </div>
        </fieldset>
        <div className="text-sm">
          <label htmlFor="insights-from" className="block font-semibold">{m.adv_from()}</label>
          <input id="insights-from" type="date" className={field} value={range.from} max={range.to} onChange={(event) => event.target.value && setRange({ ...range, from: event.target.value })} />
        </div>
        <div className="text-sm">
          <label htmlFor="insights-to" className="block font-semibold">{m.adv_to()}</label>
          <input id="insights-to" type="date" className={field} value={range.to} min={range.from} onChange={(event) => event.target.value && setRange({ ...range, to: event.target.value })} />
        </div>
        <div className="text-sm sm:col-span-2">
          <label htmlFor="insights-listing" className="block font-semibold">{m.adv_listing()}</label>
          <select id="insights-listing" className={field} value={listing} onChange={(event) => setListing(event.target.value)}>
            <option value="">{m.ins_all_my_listings()}</option>
            {listings.map((item) => <option key={`${item.type}:${item.id}`} value={`${item.type === 'profile' ? 'profile' : 'post'}:${item.id}`}>{item.type === 'profile' ? m.ins_business_and_ads({ title: item.title }) : item.title}</option>)}
          </select>
        </div>
      </form>
      {!figures ? <p role="status">{m.loading()}</p> : (
        <>
          <p className="text-sm text-gray-700">{m.ins_range_against({ from: figures.from, to: figures.to, previousFrom: figures.previous.from, previousTo: figures.previous.to })}{' '}
            <a href={calls.csvUrl('insights.csv', query)} className="link" download data-testid="insights-csv">{m.adv_export_csv()}</a></p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="insight-totals">
            <Compare label={m.ins_views()} now={figures.totals.views} before={figures.previous_totals.views} testId="total-views" />
            <Compare label={m.ins_impressions()} now={figures.totals.impressions} before={figures.previous_totals.impressions} testId="total-impressions" />
            <Compare label={m.ins_clicks()} now={clicksOf(figures.totals)} before={clicksOf(figures.previous_totals)} testId="total-clicks" />
            <Compare label={m.ins_leads()} now={enquiriesOf(figures.totals)} before={enquiriesOf(figures.previous_totals)} testId="total-leads" />
            <Compare label={m.ins_leads_answered()} now={sum(Object.values(figures.totals.lead_actions))} before={sum(Object.values(figures.previous_totals.lead_actions))} testId="total-answers" />
            <Compare label={m.ins_new_followers()} now={figures.totals.followers} before={figures.previous_totals.followers} testId="total-followers" />
            <Compare label={m.ins_new_reviews()} now={figures.totals.reviews} before={figures.previous_totals.reviews} testId="total-reviews" />
            <Compare label={m.ins_average_rating()} now={figures.totals.average_rating} before={figures.previous_totals.average_rating} testId="total-rating" />
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">{charts.map((chart) => <ChartFigure key={chart.id} chart={chart} />)}</div>
          <section className="panel" aria-labelledby="terms-heading">
            <h2 id="terms-heading" className="font-semibold">{m.ins_search_terms()}</h2>
            <p className="text-sm text-gray-700">{m.ins_terms_min({ count: SEARCH_TERM_MIN })}</p>
            {figures.search_terms.length === 0 ? <p className="mt-2 text-sm">{m.ins_none_yet()}</p> : (
              <table className="mt-2 w-full text-sm" data-testid="search-terms">
                <thead><tr><th scope="col" className="text-left">{m.ins_term()}</th><th scope="col" className="text-right">{m.ins_impressions_col()}</th></tr></thead>
                <tbody>{figures.search_terms.map((term) => <tr key={term.term} className="border-t border-gray-100"><td className="break-all">{term.term}</td><td className="text-right">{term.count}</td></tr>)}</tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export default function InsightsView() {
  return <AdvertiserOnly><Figures /></AdvertiserOnly>;
}
