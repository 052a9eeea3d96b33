/**
 * `npm run billing`: billing by hand until the operator console has its screen (issue 27).
 *
 *   npm run billing -- mark-paid YP-2026-000123   # a bank transfer arrived: the invoice is paid, its plan starts
 *   npm run billing -- void YP-2026-000123        # an unpaid invoice issued in error: voided (it keeps its number)
 */
import { parseArgs } from 'node:util';
import { markPaidByNumber, voidByNumber } from '../src/server/billing/index.ts';
import { createAppContext } from '../src/server/app-context.ts';
import { databaseConfigFromArgs, warnWithoutSiteUrl } from './database-args.ts';

const { positionals } = parseArgs({
  args: process.argv.slice(2), allowPositionals: true, strict: false, options: { database: { type: 'string' }, 'database-url': { type: 'string' } },
});
const [command, number] = positionals;
const config = databaseConfigFromArgs();
warnWithoutSiteUrl(config);
const app = await createAppContext({ ...config, searchWorkers: 0, pageCacheBytes: 0 }, { timers: false });
try {
  if (!['mark-paid', 'void'].includes(command ?? '') || !number) throw new Error('Usage: npm run billing -- mark-paid|void INVOICE_NUMBER');
  if (command === 'void') {
    const voided = await voidByNumber(app, number);
    console.log(voided ? `${number} is void (issued in error); it keeps its number.` : `${number} is not open (paid, void or a credit note): nothing changed.`);
  } else {
    const paid = await markPaidByNumber(app, number);
    console.log(paid ? `${number} is paid; its plan starts when its period does.` : `${number} was not waiting for payment (already paid or void): nothing changed.`);
  }
  await app.outbox.settled();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await app.close();
}
