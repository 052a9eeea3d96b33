import { describe, expect, it } from 'vitest';
import { useSqliteCopy } from '../../helpers/sqlite/template-copy.ts';

/**
 * SQLite's Writer (decision 0014): one writer, so transactions run one at a time and plain writes queue behind them.
 * (Other backends run transactions side by side; the contract suite asks only that they keep their work apart.)
 */
const copy = useSqliteCopy();
const person = (email: string) => ({ name: 'Tx Person', email, phone_number: null, phone_number_country: null, password_hash: null });

describe('the SQLite Writer', () => {
  it('runs transactions one at a time, and writes outside a transaction wait for it', async () => {
    const repos = copy.app.repos;
    const events: string[] = [];
    const pause = () => new Promise((resolve) => setTimeout(resolve, 30));
    const emails = ['writer-1@example.my', 'writer-2@example.my', 'writer-3@example.my'];
    await Promise.all([
      repos.transaction(async (tx) => {
        events.push('first begins');
        await tx.users.createUser(person(emails[0]!));
        await pause();
        events.push('first ends');
      }),
      repos.transaction(async (tx) => {
        events.push('second begins');
        // It starts after the first committed, so it sees the first one's user.
        events.push((await tx.users.findCredentials({ email: emails[0]! })) ? 'second sees the first' : 'second sees nothing');
        await tx.users.createUser(person(emails[1]!));
        events.push('second ends');
      }),
      repos.users.createUser(person(emails[2]!)).then(() => events.push('plain write done')),
    ]);
    expect(events).toEqual(['first begins', 'first ends', 'second begins', 'second sees the first', 'second ends', 'plain write done']);
  });
});
