/**
 * A profile change as people read it (issue 40): the operator's "Profile changes" shows the value before and after as
 * lines of text (a place as its address, a list as its items), never as JSON.
 */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name', store_name: 'Store name', company_no: 'Company number', categories: 'Categories', locations: 'Locations', url: 'Website',
  whatsapp: 'WhatsApp', business_hours: 'Opening hours', special_hours: 'Special hours', attributes: 'Attributes', keywords: 'Keywords',
};

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const changeFieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replace(/_/g, ' ');

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '' : String(value));

/** A place as one line: its name, address, town and state, numbers and pin. */
function placeLine(place: Record<string, unknown>): string {
  const address = [place.address_line1, place.address_line2, [place.postcode, place.city].map(text).filter(Boolean).join(' '), place.state].map(text).filter(Boolean).join(', ');
  const contacts = [['phone', place.phone_number], ['office', place.company_phone_number], ['fax', place.fax_number], ['e-mail', place.email]]
    .filter(([, value]) => text(value) !== '').map(([label, value]) => `${String(label)} ${text(value)}`);
  const pin = typeof place.latitude === 'number' && typeof place.longitude === 'number' ? `pin ${place.latitude}, ${place.longitude}` : '';
  return [`${text(place.name) || 'Location'}: ${address}`, ...contacts, pin].filter(Boolean).join(' · ');
}

/** The lines a value of `field` reads as; "(empty)" for nothing. */
export function changeLines(field: string, value: unknown): string[] {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return ['(empty)'];
  if (!Array.isArray(value)) return typeof value === 'object' ? Object.entries(value).map(([key, item]) => `${key}: ${text(item)}`) : [String(value)];
  return value.map((item) => {
    if (typeof item !== 'object' || item === null) return String(item);
    const record = item as Record<string, unknown>;
    if (field === 'locations') return placeLine(record);
    if (field === 'business_hours' && typeof record.day === 'number') return `${DAYS[record.day]} ${text(record.opens)}–${text(record.closes)}`;
    if (field === 'special_hours' && typeof record.date === 'string') {
      const ranges = Array.isArray(record.ranges) ? (record.ranges as { opens: string; closes: string }[]).map((range) => `${range.opens}–${range.closes}`).join(', ') : '';
      return `${record.date}${record.label ? ` (${text(record.label)})` : ''}: ${ranges || 'closed'}`;
    }
    return Object.entries(record).map(([key, part]) => `${key}: ${text(part)}`).join(', ');
  });
}
