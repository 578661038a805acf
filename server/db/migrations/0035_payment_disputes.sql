-- A customer disputing a card payment with their bank (Stripe's Dispute): one row per dispute, with
-- the order it is about, how much, the bank's reason code, where it stands and when the evidence is
-- due. The order's 'payment_disputed' problem (order_problems) opens with the first and is settled
-- when it closes; the owner is mailed at both.
create table payment_disputes (
  -- The provider's id (dp_... for Stripe).
  id text primary key,
  order_id text not null references orders (id) on delete cascade,
  amount_cents integer not null check (amount_cents >= 0),
  -- The provider's reason code (fraudulent, product_not_received, ...).
  reason text not null,
  -- needs_response, under_review, won, lost, warning_needs_response, warning_closed, ...
  status text not null,
  evidence_due_by timestamptz,
  opened_at timestamptz not null,
  closed_at timestamptz,
  updated_at timestamptz not null
);
create index payment_disputes_by_order on payment_disputes (order_id);

-- A refund made at the provider is recorded once, whoever made it: its provider reference (re_...)
-- names one refunds row at most, so a refund made in Stripe's Dashboard and reported twice (its
-- event delivered again, or seen again when staff refund) is never counted twice.
create unique index refunds_provider_reference on refunds (provider_reference) where provider_reference is not null;
