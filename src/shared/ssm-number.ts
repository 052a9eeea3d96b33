/**
 * Malaysian company numbers as SSM has issued them since 2019 (issue 45): 12 digits, YYYY TT NNNNNN, the year of
 * registration (1900 to this year), the entity type (01–06) and a 6-digit sequence, optionally followed by the old
 * number in brackets ("201501012345 (1134567-A)"). Spaces and hyphens inside the 12 digits are allowed as people type
 * them. Malayan Banking's 196001000142 was registered in 1960 as a local company.
 */

/** The entity types the middle two digits name. */
export const SSM_ENTITY_TYPES = {
  '01': 'Local company',
  '02': 'Foreign company',
  '03': 'Business',
  '04': 'Local limited liability partnership',
  '05': 'Foreign limited liability partnership',
  '06': 'Professional limited liability partnership',
} as const;
type SsmEntityType = keyof typeof SSM_ENTITY_TYPES;

export interface SsmNumber {
  /** The 12 digits. */
  number: string;
  /** The year of registration. */
  year: number;
  entity: SsmEntityType;
  /** The old-format number given in brackets, if any. */
  old: string | null;
}

export const SSM_NUMBER_ERROR = 'The company number must be a 12-digit SSM number, e.g. 201501012345.';

const FORMAT = /^\s*((?:\d[\s-]?){11}\d)\s*(?:\(\s*([A-Za-z0-9-]{1,20})\s*\))?\s*$/;

/** The number read, or null when it is not a valid SSM number in `thisYear` (a later year cannot be). */
export function parseSsmNumber(text: string, thisYear: number): SsmNumber | null {
  const match = FORMAT.exec(text);
  if (!match) return null;
  const number = match[1]!.replace(/[\s-]/g, '');
  const year = Number(number.slice(0, 4));
  const entity = number.slice(4, 6);
  if (year < 1900 || year > thisYear || !(entity in SSM_ENTITY_TYPES)) return null;
  return { number, year, entity: entity as SsmEntityType, old: match[2] ?? null };
}
