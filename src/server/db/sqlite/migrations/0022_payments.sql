-- Payments and the subscription lifecycle (issue 27, decision 0023).

-- One attempt to pay an invoice through a provider: a bank transfer (marked paid by an operator) or a hosted checkout
-- bill (Billplz), settled by the gateway's signed callback. Two paid payments of one invoice (paid online and by
-- transfer) are both kept, for the operator to refund one.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  invoice_id INTEGER NOT NULL REFERENCES invoices(id),
  provider TEXT NOT NULL CHECK (provider IN ('bank_transfer', 'billplz')),
  -- The gateway's bill id (none for a bank transfer).
  bill_id TEXT,
  bill_url TEXT,
  amount_sen INTEGER NOT NULL CHECK (amount_sen > 0),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled', 'expired')),
  created_at TEXT NOT NULL,
  settled_at TEXT,
  UNIQUE (provider, bill_id)
);
CREATE INDEX payments_invoice ON payments(invoice_id);

-- What a line bills: a plan's period, an ad going live (PAY-PER-POST), an ad's late amendment, or a credit.
ALTER TABLE invoice_lines ADD COLUMN purpose TEXT NOT NULL DEFAULT 'plan' CHECK (purpose IN ('plan', 'ad', 'amendment', 'credit'));
ALTER TABLE invoice_lines ADD COLUMN post_id INTEGER REFERENCES posts(id) ON DELETE SET NULL;
CREATE INDEX invoice_lines_post ON invoice_lines(post_id) WHERE post_id IS NOT NULL;

-- A paid subscription renews itself until cancelled: renewal stops at the first period end on or after cancel_at.
ALTER TABLE subscriptions ADD COLUMN cancel_at TEXT;
-- When its 12-month minimum began (the first paid period of the business's unbroken run of them).
ALTER TABLE subscriptions ADD COLUMN term_starts_at TEXT;
-- The period this one renews, or the subscription an upgrade replaces from its first day.
ALTER TABLE subscriptions ADD COLUMN renews_subscription_id INTEGER REFERENCES subscriptions(id);
ALTER TABLE subscriptions ADD COLUMN replaces_subscription_id INTEGER REFERENCES subscriptions(id);
-- A downgrade (or a change of period) chosen for the next period.
ALTER TABLE subscriptions ADD COLUMN next_plan TEXT CHECK (next_plan IN ('BRONZE', 'SILVER', 'GOLD'));
ALTER TABLE subscriptions ADD COLUMN next_period TEXT CHECK (next_period IN ('monthly', 'yearly'));
-- Past its end with its renewal unpaid, the plan runs on until grace_until; closed_at is when its end was dealt with.
ALTER TABLE subscriptions ADD COLUMN grace_until TEXT;
ALTER TABLE subscriptions ADD COLUMN grace_mailed_at TEXT;
ALTER TABLE subscriptions ADD COLUMN closed_at TEXT;
CREATE UNIQUE INDEX subscriptions_one_renewal ON subscriptions(renews_subscription_id) WHERE renews_subscription_id IS NOT NULL AND status != 'cancelled';
CREATE INDEX subscriptions_open ON subscriptions(ends_at) WHERE closed_at IS NULL AND status = 'active';
