/** The environment variable a server worker reads its restart count from (set by the supervisor, supervisor.ts). */
export const RESTARTS_ENV = 'YP_SERVER_RESTARTS';

/**
 * What GET /healthz answers: the process answers HTTP, how long this server process has run, how often the supervisor
 * replaced a server process, and which process serves (its pid).
 */
export function health(): { status: 'ok'; uptime_s: number; restarts: number; pid: number } {
  return { status: 'ok', uptime_s: Math.round(process.uptime()), restarts: Number(process.env[RESTARTS_ENV] ?? 0), pid: process.pid };
}
