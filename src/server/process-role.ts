/**
 * What a process of the app is for (issue 62): a web process serves pages and the API and runs only the background
 * work a visitor waits on (sending mail and SMS: a sign-in code); a worker process serves nothing and runs every kind
 * of job (the review filter, search rebuilds, alerts, renewals, digests, insights, retention), with no page cache, no
 * render gate and no search threads. 'all' (tests, one-off scripts) is both.
 */
export type AppRole = 'web' | 'worker' | 'all';

/** Where the supervisor tells the server processes it starts that a worker process runs beside them (issue 62). */
export const ROLE_ENV = 'YP_APP_ROLE';

/** This process's role as its supervisor set it: 'web' beside a worker process, else 'all' (`astro dev`, a lone server). */
export function processRole(): AppRole {
  return process.env[ROLE_ENV] === 'web' ? 'web' : 'all';
}
