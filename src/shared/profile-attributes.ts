/**
 * What a business offers, of the kind Google Business Profile and Yelp show (issue 40): payment methods, halal
 * certification, parking, wheelchair access and delivery. Owners tick them in the editor; the profile page lists them
 * and its JSON-LD carries them (payment methods as `paymentAccepted`, the rest as `amenityFeature`).
 */
import * as m from '../paraglide/messages.js';

export const PROFILE_ATTRIBUTES = {
  cash: { label: 'Cash', group: 'payment' },
  card: { label: 'Debit and credit cards', group: 'payment' },
  duitnow_qr: { label: 'DuitNow QR', group: 'payment' },
  ewallet: { label: 'E-wallets (Touch \'n Go, GrabPay, Boost)', group: 'payment' },
  halal_certified: { label: 'Halal certified', group: 'amenity' },
  parking: { label: 'Parking', group: 'amenity' },
  wheelchair_access: { label: 'Wheelchair access', group: 'amenity' },
  delivery: { label: 'Delivery', group: 'amenity' },
} as const satisfies Record<string, { label: string; group: 'payment' | 'amenity' }>;

export type ProfileAttribute = keyof typeof PROFILE_ATTRIBUTES;
export const PROFILE_ATTRIBUTE_KEYS = Object.keys(PROFILE_ATTRIBUTES) as [ProfileAttribute, ...ProfileAttribute[]];

/** The group headings the editor and the profile page show. */
export const ATTRIBUTE_GROUPS = { payment: 'Payment', amenity: 'Amenities' } as const;
export type AttributeGroup = keyof typeof ATTRIBUTE_GROUPS;

const ATTRIBUTE_WORDS: Record<ProfileAttribute, () => string> = {
  cash: m.attr_cash, card: m.attr_card, duitnow_qr: m.attr_duitnow_qr, ewallet: m.attr_ewallet,
  halal_certified: m.attr_halal_certified, parking: m.attr_parking, wheelchair_access: m.attr_wheelchair_access, delivery: m.attr_delivery,
};
const GROUP_WORDS: Record<AttributeGroup, () => string> = { payment: m.attr_group_payment, amenity: m.attr_group_amenity };

/** What a business offers, in the language being rendered (issue 63); the English `label` is the JSON-LD's. */
export function attributeLabel(key: ProfileAttribute): string {
  return ATTRIBUTE_WORDS[key]();
}

/** A group's heading in the language being rendered. */
export function attributeGroupLabel(group: AttributeGroup): string {
  return GROUP_WORDS[group]();
}
