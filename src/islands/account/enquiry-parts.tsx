/** What My area's list and the enquiry view show alike of an enquiry: its status and a line about it. */
import { ENQUIRY_STATUS_LABELS, type EnquiryRecord } from '../../shared/enquiries.ts';

export function EnquiryStatus({ record, testId }: { record: EnquiryRecord; testId?: string }) {
  return <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900" data-testid={testId}>{ENQUIRY_STATUS_LABELS[record.status]}</span>;
}

/** The business (never a confidential one's), the place and the day it was sent. */
export function enquirySummary(record: EnquiryRecord): string {
  const listing = record.post ?? record.enquirable;
  return [listing?.profile?.name, listing?.locations[0]?.city_state, `Sent ${record.created_date}`].filter(Boolean).join(' · ');
}
