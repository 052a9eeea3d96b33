/**
 * What a business offers, of the kind Google Business Profile and Yelp show (issue 40): payment methods, halal
 * certification, parking, wheelchair access and delivery. Owners tick them in the editor; the profile page lists them
 * and its JSON-LD carries them (payment methods as `paymentAccepted`, the rest as `amenityFeature`).
 */
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
