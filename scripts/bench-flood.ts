/**
 * The flood of `npm run bench:load` (issue 38, security probe finding 6), in a process of its own: `WORKERS` clients
 * (32 and 128 in the probe) ask back to back for distinct uncached search pages, each request from the next of
 * `ADDRESSES` loopback addresses (127.10.1.1 and on, 256 by default), on a keep-alive connection per address, until
 * SIGTERM; then it reports how many answers got each status (on stdout, one JSON line).
 *   node scripts/bench-flood.ts <base> <workers> [addresses]
 */
import { Agent, request } from 'node:http';

const [base, workersArg, addressesArg] = process.argv.slice(2) as [string, string, string | undefined];
const WORKERS = Number(workersArg ?? 256);
const ADDRESSES = Number(addressesArg ?? 256);
const { hostname, port } = new URL(base);
const WORDS = ['plumber', 'aircon', 'tuition', 'catering', 'lawyer', 'movers', 'cleaning', 'repair', 'clinic', 'florist'];
const statuses: Record<string, number> = {};
let stop = false;
let sent = 0;

const agents = Array.from({ length: ADDRESSES }, (_, index) => new Agent({ keepAlive: true, localAddress: `127.10.${1 + (index >> 7)}.${1 + (index & 127)}` }));

function get(agent: Agent, path: string): Promise<number> {
  return new Promise((resolve) => {
    const call = request({ host: hostname, port, path, agent, headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', () => resolve(-1));
    call.end();
  });
}

process.once('SIGTERM', () => { stop = true; });
process.send?.('ready');
await Promise.all(Array.from({ length: WORKERS }, async () => {
  while (!stop) {
    sent += 1;
    const status = await get(agents[sent % ADDRESSES]!, `/services/l?what=${WORDS[sent % WORDS.length]}${sent}&page=${1 + (sent % 40)}`);
    // A flood does not wait when told to (Retry-After): it asks again at once.
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}));
for (const agent of agents) agent.destroy();
console.log(JSON.stringify(statuses));
