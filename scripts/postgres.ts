/**
 * `npm run postgres`: starts a throwaway PostgreSQL server under data/postgres/ on a fixed local port (54329, or
 * POSTGRES_PORT), with a database `yp`, and prints `DATABASE_URL=postgres://…` as its last line; then
 * `DATABASE_URL=… npm start` migrates, seeds and serves on it. `npm run postgres -- stop` stops it.
 */
import { projectRoot } from '../src/server/project-root.ts';
import { databaseUrl, developmentServer, ensureDatabase, startServer, stopServer } from './postgres/server.ts';

const server = developmentServer(projectRoot);
const command = process.argv[2] ?? 'start';
if (command === 'stop') {
  stopServer(server);
  console.log('PostgreSQL stopped.');
} else if (command === 'start') {
  await startServer(server);
  await ensureDatabase(server, 'yp');
  console.log(`PostgreSQL runs at 127.0.0.1:${server.port} (data in ${server.dataDir}).`);
  console.log(`DATABASE_URL=${databaseUrl(server, 'yp')}`);
} else {
  console.error('Usage: npm run postgres [-- start | stop]');
  process.exit(2);
}
