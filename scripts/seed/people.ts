import type { Random } from './random.ts';
import type { SeedCity } from './sqlite/context.ts';
import {
  CHINESE_GIVEN, CHINESE_SURNAMES, INDIAN_FATHERS, INDIAN_FEMALE, INDIAN_MALE,
  MALAY_FATHERS, MALAY_FEMALE, MALAY_MALE,
} from './words.ts';
import { NEIGHBOURHOOD_PREFIXES, STREET_WORDS } from './malaysia.ts';

/** A Malaysian person's full name in the usual Malay, Chinese or Indian form. */
export function personName(random: Random): string {
  const roll = random.next();
  const female = random.chance(0.5);
  if (roll < 0.5) {
    return female
      ? `${random.pick(MALAY_FEMALE)} binti ${random.pick(MALAY_FATHERS)}`
      : `${random.pick(MALAY_MALE)} bin ${random.pick(MALAY_FATHERS)}`;
  }
  if (roll < 0.8) return `${random.pick(CHINESE_SURNAMES)} ${random.pick(CHINESE_GIVEN)}`;
  return female
    ? `${random.pick(INDIAN_FEMALE)} a/p ${random.pick(INDIAN_FATHERS)}`
    : `${random.pick(INDIAN_MALE)} a/l ${random.pick(INDIAN_FATHERS)}`;
}

function digits(random: Random, count: number): string {
  let text = '';
  for (let index = 0; index < count; index++) text += String(random.int(0, 9));
  return text;
}

/** A mobile number as Malaysians write it: '012-345 6789' (011 numbers have 8 digits after the prefix). */
export function mobileNumber(random: Random): string {
  const prefix = random.pick(['010', '011', '012', '013', '014', '016', '017', '018', '019']);
  return prefix === '011' ? `${prefix}-${digits(random, 4)} ${digits(random, 4)}` : `${prefix}-${digits(random, 3)} ${digits(random, 4)}`;
}

/** A fixed-line number for the city's area code: '03-7956 1234', '04-261 4455', '088-212 345'. */
export function landlineNumber(random: Random, city: SeedCity): string {
  if (city.areaCode === '03') return `03-${random.int(2, 9)}${digits(random, 3)} ${digits(random, 4)}`;
  if (city.areaCode.length === 3) return `${city.areaCode}-${random.int(2, 7)}${digits(random, 2)} ${digits(random, 3)}`;
  return `${city.areaCode}-${random.int(2, 9)}${digits(random, 2)} ${digits(random, 4)}`;
}

/** '60123456789' from '012-345 6789': the international form WhatsApp links need. */
export function internationalNumber(local: string): string {
  return `60${local.replace(/\D/g, '').replace(/^0/, '')}`;
}

/** An SSM registration number in the 2019 format with the old number in brackets. */
export function companyNumber(random: Random, year: number): string {
  return `${year}01${digits(random, 6)} (${random.int(100000, 1599999)}-${random.pick(['A', 'D', 'H', 'K', 'M', 'P', 'T', 'U', 'V', 'W', 'X'])})`;
}

export interface Address {
  address_line1: string;
  address_line2: string;
  postcode: string;
  latitude: number;
  longitude: number;
}

/** A street address in the city, a few kilometres at most from its centre. */
export function address(random: Random, city: SeedCity): Address {
  const street = random.pick(STREET_WORDS);
  const line1 = random.chance(0.4)
    ? `No. ${random.int(1, 120)}, Jalan ${street} ${random.int(1, 12)}/${random.int(1, 9)}`
    : random.chance(0.5)
      ? `Lot ${random.int(100, 9999)}, Jalan ${street}`
      : `${random.int(1, 88)}-${random.int(1, 3)}, Jalan ${street} ${random.int(1, 30)}`;
  const line2 = `${random.pick(NEIGHBOURHOOD_PREFIXES)} ${random.pick(STREET_WORDS)}`;
  const base = Number(city.postcode);
  const postcode = String(city.postcode.endsWith('000') ? base + random.int(0, 9) * 10 : base).padStart(5, '0');
  const jitter = () => (random.next() - 0.5) * 0.06;
  return {
    address_line1: line1,
    address_line2: line2,
    postcode,
    latitude: Math.round((city.latitude + jitter()) * 1e6) / 1e6,
    longitude: Math.round((city.longitude + jitter()) * 1e6) / 1e6,
  };
}
