/** /operator/audit (issue 28): the audit log, newest first, filtered by operator, target and dates, and its CSV. */
import { useEffect, useState } from 'react';
import { Person } from './Person.tsx';
import { malaysiaTime } from '../../shared/malaysia-time.ts';
import { errorBody } from '../../client/api.ts';
import * as calls from '../../client/operator-calls.ts';
import { showToast } from '../../stores/toasts.ts';
import { secondary } from './reauth.tsx';

const FIELDS = [['operator', 'Operator (account id)'], ['target_type', 'Target type'], ['target_id', 'Target id'], ['from', 'From (YYYY-MM-DD)'], ['to', 'To (YYYY-MM-DD)']] as const;

export default function AuditLog() {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [entries, setEntries] = useState<calls.AuditItem[] | null>(null);
  useEffect(() => {
    const query = Object.fromEntries(Object.entries(applied).filter(([, value]) => value.trim() !== ''));
    calls.audit(query).then(({ data }) => setEntries(data), (error: unknown) => showToast(errorBody(error).message ?? 'The log could not be read.', 'warning'));
  }, [applied]);
  const query = Object.fromEntries(Object.entries(applied).filter(([, value]) => value.trim() !== ''));
  return (
    <div className="space-y-4" data-testid="audit-log">
      <form className="panel flex flex-wrap items-end gap-3" onSubmit={(event) => { event.preventDefault(); setApplied(filters); }}>
        {FIELDS.map(([name, label]) => (
          <label key={name} className="text-sm font-semibold">{label}
            <input className="mt-1 block w-40 rounded border border-gray-500 p-1 font-normal" value={filters[name] ?? ''} onChange={(event) => setFilters({ ...filters, [name]: event.target.value })} />
          </label>
        ))}
        <button type="submit" className={secondary}>Filter</button>
        <a className={secondary} href={calls.auditCsvUrl(query)} download>Download CSV</a>
      </form>
      {!entries ? <p role="status">Loading…</p> : entries.length === 0 ? <p className="panel">No entries.</p> : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Audit entries">
          <table className="w-full text-left text-sm">
            <thead><tr><th scope="col">Time (Malaysia)</th><th scope="col">Operator</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Reason</th></tr></thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-gray-100" data-testid="audit-entry">
                  <td>{malaysiaTime(entry.created_at)}</td><td><Person id={entry.operator_user_id} name={entry.operator_name} /></td><td>{entry.action}</td>
                  <td>{entry.target_type} {entry.target_id}</td><td className="[overflow-wrap:anywhere]">{entry.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
