-- The local sandbox checkout (issue 40, decision 0028) takes payments as a provider of its own.
ALTER TABLE payments DROP CONSTRAINT payments_provider_check;
ALTER TABLE payments ADD CONSTRAINT payments_provider_check CHECK (provider IN ('bank_transfer', 'billplz', 'sandbox'));
