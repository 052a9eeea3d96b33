/**
 * `npm run operator -- grant EMAIL` and `npm run operator -- revoke EMAIL`: the operator role (the console's staff,
 * decision 0016) is given and taken only here, by someone with the database, never by a route.
 */
import { parseArgs } from 'node:util';
import { openBackend } from '../src/server/db/backend.ts';
import { databaseConfigFromArgs } from './database-args.ts';

const { positionals } = parseArgs({
  args: process.argv.slice(2), allowPositionals: true, strict: false, options: { database: { type: 'string' }, 'database-url': { type: 'string' } },
});
const [command, email] = positionals;
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run operator -- grant|revoke EMAIL');
  process.exit(1);
}
const backend = await openBackend(databaseConfigFromArgs()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
try {
  const account = await backend.repos.users.findCredentials({ email: email.trim().toLowerCase() });
  if (!account) {
    console.error(`No account has the e-mail ${email}.`);
    process.exitCode = 1;
  } else if (command === 'grant') {
    await backend.repos.users.addRole(account.id, 'operator');
    console.log(`${email} is an operator now.`);
  } else {
    await backend.repos.users.removeRole(account.id, 'operator');
    console.log(`${email} is no longer an operator.`);
  }
} finally {
  await backend.close();
}
