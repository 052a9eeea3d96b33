/** Row → domain mappers shared by the catalogue services. Rows never leave the server as they are. */
import type { PlanLimits } from '../../shared/plans.ts';
import type { CategoryRef, Document, Location, MediaItem } from '../../shared/schemas/catalog.ts';
import type { CategoryRow, DocumentRow, LocationRow, MediaRow } from '../db/rows.ts';
import type { MediaUrls } from '../media/urls.ts';

export function toMediaItem(media: MediaUrls, row: MediaRow, index: number): MediaItem {
  return {
    image: media.imageUrls(row)!,
    video: row.kind === 'video' && row.file !== null ? { file: media.mediaUrl(row.file) } : null,
    mime_type: row.mime_type,
    caption: row.caption,
    selected: index === 0 ? 1 : 0,
  };
}

export function toDocument(media: MediaUrls, row: DocumentRow): Document {
  return { doc: { file: media.mediaUrl(row.file) }, original_filename: row.original_filename };
}

export function toCategoryRef(row: CategoryRow): CategoryRef {
  return {
    name: row.name,
    slug: row.slug,
    type: row.type,
    parent: row.parent_name !== null && row.parent_slug !== null ? { name: row.parent_name, slug: row.parent_slug } : null,
  };
}

/** 'Petaling Jaya, Selangor'; a federal territory's capital is not repeated ('Kuala Lumpur'). */
export function cityState(city: string, state: string): string {
  return city === state ? city : `${city}, ${state}`;
}

export function toLocation(row: LocationRow): Location {
  return {
    name: row.name,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: { name: row.city_name },
    postcode: row.postcode,
    state: { name: row.state_name },
    city_state: cityState(row.city_name, row.state_name),
    phone_number: row.phone_number,
    company_phone_number: row.company_phone_number,
    fax_number: row.fax_number,
    email: row.email,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/**
 * A confidential listing keeps its town and state, and nothing that points at the employer or the person (issue 38):
 * no address or numbers, and for its point the centre of its town, never the premises (the demo data puts a listing
 * within about 3 km of its town's centre, so the stored point would name the building).
 */
export function toConfidentialLocation(row: LocationRow): Location {
  return {
    ...toLocation(row),
    latitude: row.city_latitude,
    longitude: row.city_longitude,
    name: 'Confidential',
    address_line1: null,
    address_line2: null,
    postcode: null,
    phone_number: null,
    company_phone_number: null,
    fax_number: null,
    email: null,
  };
}

/** Groups rows by their owner id, keeping order. */
export function groupByOwner<Row extends { owner_id: number }>(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.owner_id);
    if (group) group.push(row);
    else groups.set(row.owner_id, [row]);
  }
  return groups;
}

/**
 * A listing's media as its public page shows them: as many photos and videos as its plan allows, in the owner's
 * order. A claimed business keeps what it had (issue 40); what is past the plan waits, unshown, in its editor.
 */
export function shownMedia<T extends { video: unknown }>(items: readonly T[], limits: PlanLimits): T[] {
  let photos = 0;
  let videos = 0;
  return items.filter((item) => (item.video ? ++videos <= limits.videos : ++photos <= limits.photos));
}
