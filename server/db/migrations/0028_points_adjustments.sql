-- Points an admin gives or takes away by hand (the admin area's Customers screen): a ledger entry
-- of kind 'adjusted' that belongs to no order, with the admin who made it (their email), why, and
-- the customer it was for (the email and account of the phone's latest order), so that account
-- may spend it as it may spend its own orders' points (server/db/loyalty.ts accountPointsFor).
alter table loyalty_ledger alter column order_id drop not null;
alter table loyalty_ledger add column reason text;
alter table loyalty_ledger add column actor text;
alter table loyalty_ledger add column email text;
alter table loyalty_ledger add column cognito_sub text;

alter table loyalty_ledger drop constraint loyalty_ledger_kind_check;
alter table loyalty_ledger add constraint loyalty_ledger_kind_check
  check (kind in ('earned', 'reversed', 'redeemed', 'restored', 'adjusted'));
alter table loyalty_ledger drop constraint loyalty_ledger_sign;
alter table loyalty_ledger add constraint loyalty_ledger_sign check (
  (kind in ('earned', 'restored') and points >= 0) or (kind in ('reversed', 'redeemed') and points <= 0)
  or (kind = 'adjusted' and points <> 0));
-- An order's entries name their order; an adjustment names none, but its reason, admin and customer.
alter table loyalty_ledger add constraint loyalty_ledger_adjusted check (
  case when kind = 'adjusted'
    then order_id is null and reason is not null and actor is not null and email is not null
    else order_id is not null end);

-- A customer's orders by phone number, newest first.
create index orders_by_phone on orders (phone, created_at desc);
