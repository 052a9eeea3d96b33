import { afterEach, expect } from 'vitest';
import { hydrationErrors } from '../helpers/browser.ts';

/** No page of an end-to-end test may log a hydration error (tests/helpers/browser.ts collects them). */
afterEach(() => {
  const seen = hydrationErrors.splice(0);
  expect(seen, 'hydration errors').toEqual([]);
});
