/**
 * /advertiser/insights (issue 26): per listing, per business or in total, by Malaysian day, for 7, 30 or 90 days or a
 * custom range, against the period just before: views, search impressions, clicks by action, leads by type, new
 * followers and reviews, and the search terms that showed the listings. Each chart (uPlot, loaded only here) has a
 * table of the same numbers; the figures export as CSV.
 */
import { useEffect, useRef, useState } from 'react';
import 'uplot/dist/uPlot.min.css';
import * as calls from '../../client/advertiser-calls.ts';
import { ANALYTICS_ACTION_LABELS, ANALYTICS_ACTIONS } from '../../shared/constants.ts';
import { ENQUIRY_KINDS, ENQUIRY_WORDS } from '../../shared/enquiries.ts';
import { LEAD_ACTION_INSIGHT_LABELS, LEAD_ACTIONS } from '../../shared/leads.ts';
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
      <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={`${chart.title}, table`}>
        <table className="w-full text-right text-sm" data-testid={`table-${chart.id}`}>
          <caption className="sr-only">{chart.title} by day</caption>
          <thead><tr><th scope="col" className="text-left">Day</th>{chart.series.map((line) => <th key={line.label} scope="col">{line.label}</th>)}</tr></thead>
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
      <dd className="text-xs text-gray-700">previous period: {before ?? '–'}</dd>
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
    { id: 'views', title: 'Views and search impressions', days, series: [{ label: 'Views', values: figures.series.views }, { label: 'Search impressions', values: figures.series.impressions }] },
    { id: 'clicks', title: 'Clicks', days, series: ANALYTICS_ACTIONS.filter((action) => figures.totals.clicks[action] > 0 || ['call', 'whatsapp'].includes(action))
      .map((action) => ({ label: ANALYTICS_ACTION_LABELS[action], values: figures.series.clicks[action] })) },
    { id: 'leads', title: 'Leads, followers and reviews', days, series: [
      ...ENQUIRY_KINDS.map((kind) => ({ label: `${ENQUIRY_WORDS[kind].noun}s`, values: figures.series.enquiries[kind] })),
      { label: 'New followers', values: figures.series.followers }, { label: 'New reviews', values: figures.series.reviews },
    ] },
    { id: 'answers', title: 'Leads answered', days, series: LEAD_ACTIONS.map((action) => ({ label: LEAD_ACTION_INSIGHT_LABELS[action], values: figures.series.lead_actions[action] })) },
  ] : [];
  return (
    <div className="space-y-4">
      <form className="panel grid gap-3 sm:grid-cols-4" aria-label="Choose the period and listing" onSubmit={(event) => event.preventDefault()}>
        <fieldset className="sm:col-span-4">
          <legend className="text-sm font-semibold">Period</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {INSIGHT_RANGES.map((length) => (
              <button key={length} type="button" className={secondary} aria-pressed={range.to === today && range.from === daysBefore(today, length - 1)}
                onClick={() => setRange({ from: daysBefore(today, length - 1), to: today })}>{length} days</button>
            ))}
          </div>
        </fieldset>
        <div className="text-sm">
          <label htmlFor="insights-from" className="block font-semibold">From</label>
          <input id="insights-from" type="date" className={field} value={range.from} max={range.to} onChange={(event) => event.target.value && setRange({ ...range, from: event.target.value })} />
        </div>
        <div className="text-sm">
          <label htmlFor="insights-to" className="block font-semibold">To</label>
          <input id="insights-to" type="date" className={field} value={range.to} min={range.from} onChange={(event) => event.target.value && setRange({ ...range, to: event.target.value })} />
        </div>
        <div className="text-sm sm:col-span-2">
          <label htmlFor="insights-listing" className="block font-semibold">Listing</label>
          <select id="insights-listing" className={field} value={listing} onChange={(event) => setListing(event.target.value)}>
            <option value="">All my listings</option>
            {listings.map((item) => <option key={`${item.type}:${item.id}`} value={`${item.type === 'profile' ? 'profile' : 'post'}:${item.id}`}>{item.type === 'profile' ? `${item.title} (business and its ads)` : item.title}</option>)}
          </select>
        </div>
      </form>
      {!figures ? <p role="status">Loading…</p> : (
        <>
          <p className="text-sm text-gray-700">{figures.from} to {figures.to}, against {figures.previous.from} to {figures.previous.to}.{' '}
            <a href={calls.csvUrl('insights.csv', query)} className="link" download data-testid="insights-csv">Export CSV</a></p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="insight-totals">
            <Compare label="Views" now={figures.totals.views} before={figures.previous_totals.views} testId="total-views" />
            <Compare label="Search impressions" now={figures.totals.impressions} before={figures.previous_totals.impressions} testId="total-impressions" />
            <Compare label="Clicks" now={clicksOf(figures.totals)} before={clicksOf(figures.previous_totals)} testId="total-clicks" />
            <Compare label="Leads" now={enquiriesOf(figures.totals)} before={enquiriesOf(figures.previous_totals)} testId="total-leads" />
            <Compare label="Leads answered" now={sum(Object.values(figures.totals.lead_actions))} before={sum(Object.values(figures.previous_totals.lead_actions))} testId="total-answers" />
            <Compare label="New followers" now={figures.totals.followers} before={figures.previous_totals.followers} testId="total-followers" />
            <Compare label="New reviews" now={figures.totals.reviews} before={figures.previous_totals.reviews} testId="total-reviews" />
            <Compare label="Average rating" now={figures.totals.average_rating} before={figures.previous_totals.average_rating} testId="total-rating" />
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">{charts.map((chart) => <ChartFigure key={chart.id} chart={chart} />)}</div>
          <section className="panel" aria-labelledby="terms-heading">
            <h2 id="terms-heading" className="font-semibold">Search terms that showed your listings</h2>
            <p className="text-sm text-gray-700">Terms searched at least {SEARCH_TERM_MIN} times in the period.</p>
            {figures.search_terms.length === 0 ? <p className="mt-2 text-sm">None yet.</p> : (
              <table className="mt-2 w-full text-sm" data-testid="search-terms">
                <thead><tr><th scope="col" className="text-left">Term</th><th scope="col" className="text-right">Impressions</th></tr></thead>
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
