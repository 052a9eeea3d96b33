/**
 * The flood of `npm run bench:load` (issue 38), in a process of its own: `CLIENTS` loopback addresses (127.10.1.1 and on), each
 * a keep-alive connection of its own, ask for distinct uncached search pages back to back until SIGTERM, then report
 * how many got each status (on stdout, one JSON line).
 */
import { Agent, request } from 'node:http';

const [base, clientsArg] = process.argv.slice(2) as [string, string];
const CLIENTS = Number(clientsArg ?? 256);
const { hostname, port } = new URL(base);
const WORDS = ['plumber', 'aircon', 'tuition', 'catering', 'lawyer', 'movers', 'cleaning', 'repair', 'clinic', 'florist'];
const statuses: Record<string, number> = {};
let stop = false;
let sent = 0;

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
await Promise.all(Array.from({ length: CLIENTS }, async (_, index) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.10.${1 + (index >> 7)}.${1 + (index & 127)}` });
  while (!stop) {
    sent += 1;
    const status = await get(agent, `/services/l?what=${WORDS[sent % WORDS.length]}&page=${1 + (sent % 40)}&price=${sent % 500}-${1000 + sent}`);
    // A flood does not wait when told to (Retry-After): it asks again at once.
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  agent.destroy();
}));
console.log(JSON.stringify(statuses));
