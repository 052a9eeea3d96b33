/** The User of spec §3 as the API answers it (GET user, GET account, auth/2fa, account/upgrade). */
import type { User } from '../../shared/schemas/accounts.ts';
import type { UserRow } from '../db/rows.ts';
import type { MediaUrls } from '../media/urls.ts';

export function toUserJson(media: MediaUrls, user: UserRow): User {
  const detail = user.detail;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phone_number,
    phone_number_country: user.phone_number_country,
    locale: user.locale,
    image: user.image ? media.imageUrls(user.image) : null,
    pending_delete: user.pending_delete,
    roles: user.roles.map((name) => ({ name })),
    has_password: user.has_password,
    created_at: user.created_at,
    user_detail: {
      gender: detail.gender,
      dob: detail.dob,
      address_line1: detail.address_line1,
      address_line2: detail.address_line2,
      postcode: detail.postcode,
      city: detail.city === null ? null : { name: detail.city },
      state_id: detail.state_id,
      state: detail.state_id === null ? null : { id: detail.state_id, name: detail.state },
      country_id: detail.country_id,
      country: detail.country_id === null ? null : { id: detail.country_id, name: detail.country },
      language: detail.language,
      education: detail.education,
      experience: detail.experience,
      additional_skill: detail.additional_skill,
      cv: detail.cv === null ? null : { id: detail.cv.id, original_filename: detail.cv.original_filename, mime_type: detail.cv.mime_type },
      salary: detail.salary,
      salary_type: detail.salary_type,
    },
  };
}
