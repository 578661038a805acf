-- Loyalty points spent on a reward at checkout (shared/loyalty.ts): the order keeps what the
-- reward took off and how many points it costs; the ledger records the spending when the order
-- is paid ('redeemed', negative) and gives them back when it is cancelled and refunded
-- ('restored', positive), each once per order.
alter table orders add column loyalty_discount_cents integer not null default 0 check (loyalty_discount_cents >= 0);
alter table orders add column points_redeemed integer not null default 0 check (points_redeemed >= 0);

alter table loyalty_ledger drop constraint loyalty_ledger_sign;
alter table loyalty_ledger drop constraint loyalty_ledger_kind_check;
alter table loyalty_ledger add constraint loyalty_ledger_kind_check
  check (kind in ('earned', 'reversed', 'redeemed', 'restored'));
alter table loyalty_ledger add constraint loyalty_ledger_sign check (
  (kind in ('earned', 'restored') and points >= 0) or (kind in ('reversed', 'redeemed') and points <= 0));

-- A phone's unpaid checkouts that spend points, found quickly when a newer one replaces them.
create index orders_unpaid_redeeming on orders (phone) where status = 'pending_payment' and points_redeemed > 0;
