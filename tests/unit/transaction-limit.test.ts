import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openBackend, type Backend } from '../../src/server/db/backend.ts';
import { TransactionTimeoutError } from '../../src/server/db/errors.ts';
import { copyOfDatabase } from '../helpers/test-database.ts';

/**
 * The transaction limit (decision 0014) on the backend the suite runs on, set by TRANSACTION_LIMIT_MS (issue 38): the
 * suite runs with a generous limit so a slow machine fails no test that is not about it; this one is, with a short
 * limit and a transaction held open on purpose.
 */
let copy: Awaited<ReturnType<typeof copyOfDatabase>>;
let backend: Backend;
beforeAll(async () => {
  copy = await copyOfDatabase(inject('templateUrl'), 'transaction-limit');
  backend = await openBackend(loadConfig({ DATABASE_URL: copy.url, TRANSACTION_LIMIT_MS: '300' }));
});
afterAll(async () => {
  await backend.close();
  await copy.remove();
});

describe('TRANSACTION_LIMIT_MS', () => {
  it('rolls back a transaction held open past it: nothing it wrote is stored, and the next write goes through', async () => {
    const email = `held-open-${Date.now()}@example.my`;
    const person = (address: string) => ({ name: 'Held Open', email: address, phone_number: null, phone_number_country: null, password_hash: null });
    const held = backend.repos.transaction(async (tx) => {
      await tx.users.createUser(person(email));
      // What a transaction must never await: something slow that is not the database.
      await new Promise((resolve) => setTimeout(resolve, 900));
    });
    await expect(held).rejects.toBeInstanceOf(TransactionTimeoutError);
    expect(await backend.repos.users.findCredentials({ email })).toBeUndefined();
    await backend.repos.users.createUser(person(`next-${email}`));
    expect(await backend.repos.users.findCredentials({ email: `next-${email}` })).toBeDefined();
  });

  it('is a setting the config reads, refusing a value that is not a duration', () => {
    expect(loadConfig({ TRANSACTION_LIMIT_MS: '60000' }).transactionLimitMs).toBe(60_000);
    expect(loadConfig({}).transactionLimitMs).toBe(5_000);
    expect(() => loadConfig({ TRANSACTION_LIMIT_MS: 'soon' })).toThrow(/TRANSACTION_LIMIT_MS/);
  });
});
