-- Cash at the counter (docs/payments.md): the short reference a rider reads out ("K7QX-M4TP", payments/counter-reference.ts),
-- unique among all payments (a clash on insert draws another), and how the counter finds the payment.
ALTER TABLE payments ADD COLUMN counter_reference text;
CREATE UNIQUE INDEX payments_counter_reference ON payments (counter_reference) WHERE counter_reference IS NOT NULL;
