/**
 * A business as its editor's form holds it and the API takes it (issue 40): every field an owner can edit, in the
 * body's own shape. The editor keeps the body it loaded and the one being edited, and sends the JSON Merge Patch
 * between them, so a save names only what the owner touched; the round-trip test saves this whole body unchanged.
 */
import type { EditableProfile, NewProfile } from './schemas/advertiser.ts';
import type { z } from 'zod';
import type { NewProfileSchema } from './schemas/advertiser.ts';

export type ProfileBody = z.input<typeof NewProfileSchema> & Pick<NewProfile, 'locations'>;

export function profileBody(profile: EditableProfile): ProfileBody {
  return {
    name: profile.name, store_name: profile.store_name, company_no: profile.company_no, about: profile.about, established_year: profile.established_year,
    content_lang: profile.content_lang,
    categories: [...profile.categories], keywords: [...profile.keywords],
    locations: profile.locations.map((location) => ({
      ...location,
      business_hours: location.business_hours?.map((day) => ({ ...day, ranges: day.ranges.map((range) => ({ ...range })) })) ?? null,
      special_hours: location.special_hours?.map((day) => ({ ...day, ranges: day.ranges.map((range) => ({ ...range })) })) ?? null,
    })),
    business_hours: profile.business_hours.map((day) => ({ ...day, ranges: day.ranges.map((range) => ({ ...range })) })),
    special_hours: profile.special_hours.map((day) => ({ ...day, ranges: day.ranges.map((range) => ({ ...range })) })),
    attributes: [...profile.attributes],
    url: profile.url, facebook: profile.facebook, twitter: profile.twitter, instagram: profile.instagram, linkedin: profile.linkedin,
    youtube: profile.youtube, wechat: profile.wechat, whatsapp: profile.whatsapp,
    logo: profile.logo ? { full: profile.logo.full } : null,
    images: profile.images.map((image) => ({ full: image.full })),
    videos: profile.videos.map((video) => ({ file: video.file })),
    documents: profile.documents.map((document) => ({ file: document.doc.file })),
  };
}
