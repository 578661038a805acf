-- Promo codes: how many times one customer may use a code, and how many uses it has in all
-- (null: no limit). A use is recorded when its order is paid and released (kept, marked) when
-- the order is cancelled and refunded. A use belongs to the account, the phone number and the
-- email address it was made with, so switching one of them does not make a code new again.
alter table promo_codes add column per_customer_limit integer check (per_customer_limit is null or per_customer_limit > 0);
alter table promo_codes add column total_limit integer check (total_limit is null or total_limit > 0);
update promo_codes set per_customer_limit = 1 where code = 'WELCOME10';
update promo_codes set per_customer_limit = 3, total_limit = 500 where code = 'FIVEOFF';
update promo_codes set per_customer_limit = 1, total_limit = 1000 where code = 'SUMMER25';

create table promo_redemptions (
  id bigserial primary key,
  code text not null references promo_codes (code),
  order_id text not null unique references orders (id) on delete cascade,
  cognito_sub text,
  -- Normalised as orders keep it.
  phone text not null,
  -- Lower-cased.
  email text not null,
  redeemed_at timestamptz not null,
  released_at timestamptz
);
create index promo_redemptions_by_code on promo_redemptions (code) where released_at is null;
create index promo_redemptions_by_phone on promo_redemptions (code, phone) where released_at is null;
create index promo_redemptions_by_email on promo_redemptions (code, email) where released_at is null;
create index promo_redemptions_by_account on promo_redemptions (code, cognito_sub) where released_at is null and cognito_sub is not null;

-- Loyalty: the ledger keeps what an order earned and, after a cancel and refund, an entry taking
-- it back (negative points); a phone's balance is the sum of its entries. Each kind at most once
-- per order.
alter table loyalty_ledger add column kind text not null default 'earned' check (kind in ('earned', 'reversed'));
alter table loyalty_ledger drop constraint loyalty_ledger_pkey;
alter table loyalty_ledger add column id bigserial primary key;
create unique index loyalty_ledger_once_per_kind on loyalty_ledger (order_id, kind);
create index loyalty_ledger_by_phone on loyalty_ledger (phone);
alter table loyalty_ledger add constraint loyalty_ledger_sign check ((kind = 'earned' and points >= 0) or (kind = 'reversed' and points <= 0));
