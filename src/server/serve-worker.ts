/** A server worker process of the supervisor (supervisor.ts): serves the build it is given. */
import { serveWorker } from './serve.ts';

await serveWorker(process.argv[2]!);
