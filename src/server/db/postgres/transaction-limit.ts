/** The longest a transaction may stay open on PostgreSQL (decision 0014, as on SQLite). */
export const TRANSACTION_LIMIT_MS = 5_000;
