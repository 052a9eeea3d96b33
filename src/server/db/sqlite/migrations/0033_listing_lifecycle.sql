-- The listing's life in one place (issue 39, decision 0027).

-- Why Yellow Pages hid or removed a listing, as its owner reads it (the audit log keeps every decision).
ALTER TABLE posts ADD COLUMN moderation_reason TEXT;
ALTER TABLE profiles ADD COLUMN moderation_reason TEXT;

-- Credit notes are numbered in a series of their own (CN-2026-000001), gap-free as invoices are (YP-2026-000001): the
-- counter and the unique sequence are per series. A voided invoice keeps its number and says why. Both tables are
-- rebuilt for their keys (SQLite cannot change a primary key or drop a table constraint).
CREATE TABLE invoice_numbers_new (
  series TEXT NOT NULL CHECK (series IN ('YP', 'CN')),
  year INTEGER NOT NULL,
  last INTEGER NOT NULL CHECK (last > 0),
  PRIMARY KEY (series, year)
);
INSERT INTO invoice_numbers_new (series, year, last) SELECT 'YP', year, last FROM invoice_numbers;
DROP TABLE invoice_numbers;
ALTER TABLE invoice_numbers_new RENAME TO invoice_numbers;

CREATE TABLE invoices_new (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  series TEXT NOT NULL DEFAULT 'YP' CHECK (series IN ('YP', 'CN')),
  year INTEGER NOT NULL,
  sequence INTEGER NOT NULL,
  kind TEXT NOT NULL DEFAULT 'invoice' CHECK (kind IN ('invoice', 'credit_note')),
  corrects_invoice_id INTEGER REFERENCES invoices(id),
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'paid', 'void')),
  seller TEXT NOT NULL CHECK (json_valid(seller)),
  buyer TEXT NOT NULL CHECK (json_valid(buyer)),
  sst_rate_bp INTEGER NOT NULL CHECK (sst_rate_bp >= 0),
  subtotal_sen INTEGER NOT NULL,
  sst_sen INTEGER NOT NULL,
  total_sen INTEGER NOT NULL,
  issued_at TEXT NOT NULL,
  due_at TEXT NOT NULL,
  paid_at TEXT,
  void_reason TEXT,
  UNIQUE (series, year, sequence),
  CHECK (total_sen = subtotal_sen + sst_sen),
  CHECK ((kind = 'credit_note') = (corrects_invoice_id IS NOT NULL))
);
INSERT INTO invoices_new (id, number, series, year, sequence, kind, corrects_invoice_id, user_id, profile_id, status, seller, buyer, sst_rate_bp,
  subtotal_sen, sst_sen, total_sen, issued_at, due_at, paid_at)
SELECT id, number, 'YP', year, sequence, kind, corrects_invoice_id, user_id, profile_id, status, seller, buyer, sst_rate_bp,
  subtotal_sen, sst_sen, total_sen, issued_at, due_at, paid_at FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_new RENAME TO invoices;
CREATE INDEX invoices_user ON invoices(user_id, issued_at) WHERE user_id IS NOT NULL;
CREATE INDEX invoices_status ON invoices(status, due_at);

-- A payment whose invoice was credited (an ad paid for that never went live) is refunded: through its provider when it
-- can, else listed for an operator to refund by hand ('due') until they mark it done.
ALTER TABLE payments ADD COLUMN refund_status TEXT CHECK (refund_status IN ('due', 'refunded'));
ALTER TABLE payments ADD COLUMN refund_reference TEXT;
ALTER TABLE payments ADD COLUMN refunded_at TEXT;
CREATE INDEX payments_refunds_due ON payments(created_at) WHERE refund_status = 'due';

-- One plan waiting for payment per business (a first period or an upgrade; a renewal has its own rule), held by the
-- database whatever two requests do at once.
CREATE UNIQUE INDEX subscriptions_one_pending ON subscriptions(profile_id) WHERE status = 'pending' AND renews_subscription_id IS NULL;
