/** Money is stored as integer sen (RM 12.50 is 1250); the API and pages speak ringgit, as the spec's numbers do. */
export function ringgit(sen: number | null): number | null {
  return sen === null ? null : sen / 100;
}

/** Ringgit as typed or sent (12.5) → integer sen (1250). */
export function sen(amount: number | null): number | null {
  return amount === null ? null : Math.round(amount * 100);
}
