-- The listing's life in one place (issue 39, decision 0027): SQLite's 0033 in PostgreSQL's dialect.
ALTER TABLE posts ADD COLUMN moderation_reason text;
ALTER TABLE profiles ADD COLUMN moderation_reason text;

ALTER TABLE invoice_numbers ADD COLUMN series text NOT NULL DEFAULT 'YP' CHECK (series IN ('YP', 'CN'));
ALTER TABLE invoice_numbers DROP CONSTRAINT invoice_numbers_pkey;
ALTER TABLE invoice_numbers ADD PRIMARY KEY (series, year);
ALTER TABLE invoice_numbers ALTER COLUMN series DROP DEFAULT;

ALTER TABLE invoices ADD COLUMN series text NOT NULL DEFAULT 'YP' CHECK (series IN ('YP', 'CN'));
ALTER TABLE invoices ADD COLUMN void_reason text;
ALTER TABLE invoices DROP CONSTRAINT invoices_year_sequence_key;
ALTER TABLE invoices ADD CONSTRAINT invoices_series_year_sequence_key UNIQUE (series, year, sequence);

ALTER TABLE payments ADD COLUMN refund_status text CHECK (refund_status IN ('due', 'refunded'));
ALTER TABLE payments ADD COLUMN refund_reference text;
ALTER TABLE payments ADD COLUMN refunded_at timestamptz;
CREATE INDEX payments_refunds_due ON payments(created_at) WHERE refund_status = 'due';

CREATE UNIQUE INDEX subscriptions_one_pending ON subscriptions(profile_id) WHERE status = 'pending' AND renews_subscription_id IS NULL;
