-- Invoices (issue 27, decision 0023): numbered without gaps per year (YP-2026-000123), money in integer sen, SST per
-- line at the rate stored on the invoice. An issued invoice is never edited: a credit note (kind 'credit_note',
-- negative lines) corrects it.

-- The last number given in each year; taken in the transaction that writes the invoice, so a rollback leaves no gap.
CREATE TABLE invoice_numbers (
  year INTEGER PRIMARY KEY,
  last INTEGER NOT NULL CHECK (last > 0)
);

CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  year INTEGER NOT NULL,
  sequence INTEGER NOT NULL,
  kind TEXT NOT NULL DEFAULT 'invoice' CHECK (kind IN ('invoice', 'credit_note')),
  corrects_invoice_id INTEGER REFERENCES invoices(id),
  -- Who buys: the advertiser's account and the business it is for (kept if either goes: an invoice is a record).
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'paid', 'void')),
  -- The parties as printed (JSON: name, address, registration numbers), fixed when issued.
  seller TEXT NOT NULL CHECK (json_valid(seller)),
  buyer TEXT NOT NULL CHECK (json_valid(buyer)),
  sst_rate_bp INTEGER NOT NULL CHECK (sst_rate_bp >= 0),
  subtotal_sen INTEGER NOT NULL,
  sst_sen INTEGER NOT NULL,
  total_sen INTEGER NOT NULL,
  issued_at TEXT NOT NULL,
  due_at TEXT NOT NULL,
  paid_at TEXT,
  UNIQUE (year, sequence),
  CHECK (total_sen = subtotal_sen + sst_sen),
  CHECK ((kind = 'credit_note') = (corrects_invoice_id IS NOT NULL))
);
CREATE INDEX invoices_user ON invoices(user_id, issued_at) WHERE user_id IS NOT NULL;
CREATE INDEX invoices_status ON invoices(status, due_at);

CREATE TABLE invoice_lines (
  invoice_id INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  description TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_sen INTEGER NOT NULL,
  amount_sen INTEGER NOT NULL,
  sst_sen INTEGER NOT NULL,
  PRIMARY KEY (invoice_id, position),
  CHECK (amount_sen = quantity * unit_sen)
) WITHOUT ROWID;

-- A paid subscription waits as 'pending' until its first invoice is paid; trials and paid ones are 'active'.
ALTER TABLE subscriptions ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'cancelled'));
ALTER TABLE subscriptions ADD COLUMN period TEXT CHECK (period IN ('monthly', 'yearly'));
ALTER TABLE subscriptions ADD COLUMN invoice_id INTEGER REFERENCES invoices(id);
CREATE INDEX subscriptions_invoice ON subscriptions(invoice_id) WHERE invoice_id IS NOT NULL;
