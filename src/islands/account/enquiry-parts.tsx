/** What My area's list, the enquiry view and the leads inbox show alike of an enquiry: its status, a line about it, its details. */
import { Picture } from '../../components/Picture.tsx';
import * as m from '../../paraglide/messages.js';
import { enquiryFacts, type EnquiryKind, type EnquiryRecord } from '../../shared/enquiries.ts';

/** The status people read (every enquiry is Pending until owners can answer, spec §2), in the page's language. */
const STATUS_LABELS: Record<EnquiryRecord['status'], () => string> = { pending: m.enquiry_status_pending };

export function EnquiryStatus({ record, testId }: { record: EnquiryRecord; testId?: string }) {
  return <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900" data-testid={testId}>{STATUS_LABELS[record.status]()}</span>;
}

/** The business (never a confidential one's), the place and the day it was sent. */
export function enquirySummary(record: EnquiryRecord): string {
  const listing = record.post ?? record.enquirable;
  return [listing?.profile?.name, listing?.locations[0]?.city_state, m.enquiry_sent_on({ date: record.created_date })].filter(Boolean).join(' · ');
}

/** Everything the sender gave: labelled facts, the photos, and the CV or document to download. */
export function EnquiryDetails({ kind, record }: { kind: EnquiryKind; record: Pick<EnquiryRecord, 'images' | 'attachment'> & Record<string, unknown> }) {
  return (
    <section className="panel" aria-labelledby="enquiry-details">
      <h2 id="enquiry-details" className="font-semibold">{m.enquiry_details()}</h2>
      <dl className="mt-2">
        {enquiryFacts(kind, record).map(([label, value]) => (
          <div key={label} className="grid gap-1 border-b border-gray-100 py-1.5 sm:grid-cols-[12rem_1fr]">
            <dt className="text-sm text-gray-700">{label}</dt>
            <dd className="whitespace-pre-wrap break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {record.images && record.images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={m.enquiry_photos()}>
          {record.images.map((image, index) => (
            <li key={image.full}><a href={image.full}><Picture image={image} alt={m.enquiry_photo({ number: index + 1 })} width={120} height={90} className="h-[90px] w-[120px] rounded object-cover" /></a></li>
          ))}
        </ul>
      )}
      {record.attachment && (
        <p className="mt-3 text-sm">{kind === 'jobs' ? m.enquiry_cv() : m.enquiry_document()}: <a href={record.attachment.url} className="link" download>{record.attachment.original_filename}</a></p>
      )}
    </section>
  );
}
