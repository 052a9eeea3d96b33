/**
 * Settings every app and server of the test suite runs with (issue 38): a generous transaction limit, so a test that
 * is not about the limit never fails because the machine is slow (the limit guards production; one test holds a
 * transaction open on purpose to prove it, tests/unit/transaction-limit.test.ts).
 */
export const SUITE_ENV: Readonly<Record<string, string>> = { TRANSACTION_LIMIT_MS: '60000' };
