-- SQLite's 0048 in PostgreSQL's dialect. The worker processes' leases (issue 62): a worker process (npm start's, or
-- `npm run jobs -- work` elsewhere) holds one while it runs and renews it; /healthz says whether any worker holds one,
-- so an operator sees when nobody runs the background work. A lease that ran out is a worker gone.
CREATE TABLE job_worker_leases (
  -- The worker's job holder name (host:pid:random), as jobs.lease_owner names it.
  owner text PRIMARY KEY,
  started_at text NOT NULL,
  lease_until text NOT NULL
);
