/**
 * Opening hours (issue 40): several ranges a day, open 24 hours, and special hours for dated exceptions (Hari Raya,
 * Chinese New Year, Ramadan hours). A range may close after midnight (22:00–02:00): the server keeps it as the day's
 * 22:00–23:59 and the next day's 00:00–02:00 and gives it back as one.
 */
import type { ProfileBody } from '../../../shared/profile-body.ts';
import { FieldErrors, secondary } from '../gate.tsx';
import { input } from './fields.tsx';
import { formatWeekday } from '../../../shared/format.ts';
import * as m from '../../../paraglide/messages.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** A day's name in the language being rendered (Isnin, 星期一). */
const dayName = (number: number) => formatWeekday(DAYS[number]!);
type Week = NonNullable<ProfileBody['business_hours']>;
type Special = NonNullable<ProfileBody['special_hours']>;
type Range = { opens: string; closes: string };
const time = 'rounded border border-gray-400 px-2 py-1';

function Ranges({ prefix, ranges, setRanges, label }: { prefix: string; ranges: Range[]; setRanges: (ranges: Range[]) => void; label: string }) {
  return (
    <>
      {ranges.map((range, index) => {
        const suffix = index === 0 ? prefix : `${prefix}-${index}`;
        const change = (next: Partial<Range>) => setRanges(ranges.map((item, at) => (at === index ? { ...item, ...next } : item)));
        return (
          <span key={index} className="flex flex-wrap items-center gap-1">
            <label className="text-sm" htmlFor={`opens-${suffix}`}>{m.adv_opens()}<span className="sr-only"> {m.adv_range_of({ label, number: index + 1 })}</span></label>
            <input id={`opens-${suffix}`} type="time" value={range.opens} className={time} onChange={(event) => change({ opens: event.target.value })} />
            <label className="text-sm" htmlFor={`closes-${suffix}`}>{m.adv_closes()}<span className="sr-only"> {m.adv_range_of({ label, number: index + 1 })}</span></label>
            <input id={`closes-${suffix}`} type="time" value={range.closes} className={time} onChange={(event) => change({ closes: event.target.value })} />
            {range.opens !== '' && range.closes !== '' && range.closes < range.opens && <span className="text-sm text-gray-700">{m.adv_next_day()}</span>}
            <button type="button" className="text-sm underline" onClick={() => setRanges(ranges.filter((_, at) => at !== index))}>{m.adv_remove()}<span className="sr-only"> {m.adv_remove_range_of({ number: index + 1, label })}</span></button>
          </span>
        );
      })}
      {ranges.length === 0 && <span className="text-sm text-gray-700">{m.adv_closed()}</span>}
      {ranges.length < 4 && (
        <button type="button" className="text-sm underline" onClick={() => setRanges([...ranges, { opens: ranges.length === 0 ? '09:00' : '14:00', closes: ranges.length === 0 ? '18:00' : '18:00' }])}>
          {m.adv_add_hours()}<span className="sr-only"> {m.adv_for_label({ label })}</span>
        </button>
      )}
    </>
  );
}

export function HoursSection({ week, setWeek, special, setSpecial, errors, idPrefix = '', title = m.adv_business_hours() }: {
  week: Week; setWeek: (week: Week) => void; special: Special; setSpecial: (special: Special) => void; errors: Record<string, string[]>;
  /** Prefixes the fields' ids (a branch's own hours sit beside the business's). */
  idPrefix?: string;
  title?: string;
}) {
  const day = (number: number) => week.find((entry) => entry.day === number) ?? { day: number, ranges: [], open_24: false };
  const setDay = (number: number, change: Partial<Week[number]>) => setWeek([0, 1, 2, 3, 4, 5, 6].map((at) => (at === number ? { ...day(at), ...change } : day(at))));
  const setSpecialDay = (index: number, change: Partial<Special[number]>) => setSpecial(special.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  const specialErrors = Object.entries(errors).filter(([field]) => field.startsWith('special_hours')).flatMap(([, messages]) => messages);
  return (
    <>
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">{title}</legend>
      {[1, 2, 3, 4, 5, 6, 0].map((number) => {
        const entry = day(number);
        return (
          <div key={number} className="mt-2 flex flex-wrap items-center gap-2" data-testid={`${idPrefix}hours-${number}`}>
            <span className="w-24 font-semibold">{dayName(number)}</span>
            <label className="flex items-center gap-1 text-sm"><input type="checkbox" checked={entry.open_24 ?? false} onChange={(event) => setDay(number, { open_24: event.target.checked })} /> {m.adv_open_24()}<span className="sr-only"> {m.adv_on_day({ day: dayName(number) })}</span></label>
            {!entry.open_24 && <Ranges prefix={`${idPrefix}${number}`} label={dayName(number)} ranges={entry.ranges ?? []} setRanges={(ranges) => setDay(number, { ranges })} />}
          </div>
        );
      })}
      <FieldErrors id={`${idPrefix}hours`} errors={errors.business_hours} />
      </fieldset>

      <fieldset className="mt-5" data-testid={`${idPrefix}special-hours-editor`}>
      <legend className="text-lg font-bold">{idPrefix ? m.adv_named_special_hours({ title }) : m.adv_special_hours()}</legend>
      <p className="text-sm text-gray-700">{m.adv_special_hours_hint()}</p>
      {special.map((entry, index) => (
        <div key={index} className="mt-2 flex flex-wrap items-center gap-2 rounded border border-gray-300 p-2" data-testid={`${idPrefix}special-${index}`}>
          <label className="text-sm" htmlFor={`${idPrefix}special-${index}-date`}>{m.adv_date()}</label>
          <input id={`${idPrefix}special-${index}-date`} type="date" value={entry.date} className={time} onChange={(event) => setSpecialDay(index, { date: event.target.value })} />
          <label className="text-sm" htmlFor={`${idPrefix}special-${index}-label`}>{m.adv_occasion()}</label>
          <input id={`${idPrefix}special-${index}-label`} value={entry.label ?? ''} className={`${input} mt-0 w-48`} placeholder="Hari Raya Aidilfitri" onChange={(event) => setSpecialDay(index, { label: event.target.value })} />
          <Ranges prefix={`${idPrefix}special-${index}`} label={entry.date || m.adv_special_day({ number: index + 1 })} ranges={entry.ranges ?? []} setRanges={(ranges) => setSpecialDay(index, { ranges })} />
          <button type="button" className={secondary} onClick={() => setSpecial(special.filter((_, at) => at !== index))}>{m.adv_remove_date()}</button>
        </div>
      ))}
      {specialErrors.length > 0 && <FieldErrors id={`${idPrefix}special_hours`} errors={specialErrors} />}
      <button type="button" className={`mt-2 ${secondary}`} onClick={() => setSpecial([...special, { date: '', label: '', ranges: [] }])}>{m.adv_add_special_date()}</button>
    </fieldset>
    </>
  );
}
