-- Everything an order touches: promo codes, loyalty, delivery quotes, orders with their lines
-- and status history, payments, idempotency keys, rate-limit counters, and the accounts that
-- signed-in customers will own. Money is integer cents; times are timestamptz.

create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table promo_codes (
  code text primary key check (code = upper(code)),
  discount_type text not null check (discount_type in ('fixed', 'percent')),
  discount_value numeric(10, 2) not null check (discount_value > 0),
  active boolean not null default true,
  starts_at timestamptz,
  expires_at timestamptz,
  min_subtotal_cents integer not null default 0,
  description text not null default '',
  check (discount_type <> 'percent' or discount_value <= 100)
);

create table loyalty_accounts (
  phone text primary key,
  points integer not null default 0 check (points >= 0),
  updated_at timestamptz not null default now()
);

create table delivery_quotes (
  id text primary key,
  provider text not null,
  provider_quote_id text,
  street text not null,
  city text not null,
  state text not null,
  zip text not null,
  country text not null,
  lat double precision not null,
  lng double precision not null,
  distance_miles double precision not null,
  fee_cents integer not null check (fee_cents >= 0),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

create table customers (
  cognito_sub text primary key,
  email text not null unique,
  phone text,
  name text not null default '',
  created_at timestamptz not null default now()
);

create sequence order_numbers start 1001;

create table orders (
  id text primary key,
  number bigint not null unique default nextval('order_numbers'),
  status text not null check (status in ('pending_payment', 'paid', 'accepted', 'ready', 'out_for_delivery', 'completed', 'cancelled')),
  cognito_sub text references customers (cognito_sub) on delete set null,
  name text not null,
  email text not null,
  phone text not null,
  marketing_opt_in boolean not null default false,
  delivery_type text not null check (delivery_type in ('pickup', 'delivery')),
  delivery_street text,
  delivery_city text,
  delivery_state text,
  delivery_zip text,
  delivery_country text,
  delivery_lat double precision,
  delivery_lng double precision,
  delivery_quote_id text references delivery_quotes (id),
  promo_code text,
  subtotal_cents integer not null,
  promo_discount_cents integer not null,
  tax_cents integer not null,
  delivery_fee_cents integer not null,
  delivery_charge_cents integer not null,
  tip_cents integer not null,
  total_cents integer not null,
  points_earned integer not null default 0,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index orders_customer on orders (cognito_sub, created_at desc);
-- A delivery quote pays for one order only.
create unique index orders_one_per_quote on orders (delivery_quote_id) where delivery_quote_id is not null;

create table order_lines (
  order_id text not null references orders (id) on delete cascade,
  position integer not null,
  menu_item_id text not null,
  name text not null,
  unit_price_cents integer not null,
  quantity integer not null check (quantity between 1 and 99),
  modifiers jsonb not null default '[]',
  primary key (order_id, position)
);

create table order_status_history (
  id bigserial primary key,
  order_id text not null references orders (id) on delete cascade,
  status text not null,
  note text not null default '',
  at timestamptz not null default now()
);
create index order_status_history_order on order_status_history (order_id, id);

create table payments (
  id text primary key,
  order_id text not null unique references orders (id) on delete cascade,
  provider text not null,
  provider_reference text not null unique,
  client_secret text not null,
  amount_cents integer not null,
  currency text not null default 'usd',
  status text not null check (status in ('requires_payment', 'processing', 'succeeded', 'failed', 'canceled', 'refunded')),
  failure_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Points earned per paid order; the primary key makes earning happen once per order.
create table loyalty_ledger (
  order_id text primary key references orders (id) on delete cascade,
  phone text not null,
  points integer not null,
  at timestamptz not null default now()
);

create table idempotency_keys (
  scope text not null,
  key text not null,
  request_hash text not null,
  status integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);

create table rate_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);

create table saved_carts (
  id text primary key,
  cognito_sub text not null references customers (cognito_sub) on delete cascade,
  name text not null,
  items jsonb not null,
  created_at timestamptz not null default now()
);
create index saved_carts_customer on saved_carts (cognito_sub, created_at desc);

create table payment_methods (
  id text primary key,
  cognito_sub text not null references customers (cognito_sub) on delete cascade,
  provider text not null,
  provider_reference text not null,
  brand text not null,
  last4 text not null,
  exp_month integer not null,
  exp_year integer not null,
  created_at timestamptz not null default now()
);
