/**
 * The visitor `npm run bench:load` measures its goals on (issue 62), in a process of its own so the benchmark's own
 * work never shows in its figures: as the security probe's sampler, one client opens home back to back on one
 * keep-alive connection until SIGTERM, then reports its latencies (ms) on stdout, one JSON line: p50, p99, max and how
 * many it got. A connection the server closed between two requests is opened again; an error answer fails it.
 *   node scripts/bench-visitor.ts <base>
 */
import { Agent, request } from 'node:http';

const [base] = process.argv.slice(2) as [string];
const { hostname, port } = new URL(base);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const latencies: number[] = [];
let stop = false;
let retried = 0;

function home(): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request({ host: hostname, port, path: '/', agent, headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });
}

process.once('SIGTERM', () => { stop = true; });
process.send?.('ready');
while (!stop) {
  const began = performance.now();
  try {
    const status = await home();
    if (status !== 200) throw new Error(`home answered ${status}`);
  } catch (error) {
    if ((retried += 1) > 3) throw error;
    continue;
  }
  latencies.push(performance.now() - began);
}
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0;
console.log(JSON.stringify({ p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0, samples: latencies.length }));
