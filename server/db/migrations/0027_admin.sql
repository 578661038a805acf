-- The owner's admin area (/staff/admin/): promo codes made and changed there, and a record of
-- every change an admin makes, read back in the admin's audit log.

-- A code for a customer's first order only; when a code was made and last changed.
alter table promo_codes add column first_order_only boolean not null default false;
alter table promo_codes add column created_at timestamptz not null default now();
alter table promo_codes add column updated_at timestamptz not null default now();

-- Who changed what, when, and the thing before and after (null before: made; null after: removed).
create table admin_audit (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor text not null,
  area text not null,
  subject text not null,
  before jsonb,
  after jsonb
);
create index admin_audit_newest on admin_audit (id desc);
create index admin_audit_by_area on admin_audit (area, id desc);

-- Usage and revenue per code: paid orders by their code.
create index orders_by_promo_code on orders (promo_code) where promo_code is not null;

-- The sales report and its CSV pick a date range's orders by when they were paid.
create index orders_paid_at on orders (paid_at) where paid_at is not null;
