-- The restaurant's staff side: staff members with a role (separate from customers), their
-- one-time set-password links and rotating refresh tokens (the design of 0006, own tables so a
-- customer's token can never name a staff member); the order events the live board streams
-- from, so every replica sees every change; when an order is promised and why it was cancelled;
-- and items and modifiers sold out until a time. (The pause switch is 0008's store_status.)
-- Tokens are stored as SHA-256 hashes.

create table staff_members (
  id text primary key,
  email text not null check (email = lower(email)),
  role text not null check (role in ('staff', 'admin')),
  -- Null until the member sets one through a one-time link.
  password_hash text,
  password_changed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index staff_members_email on staff_members (email);

create table staff_links (
  token_hash text primary key,
  staff_id text not null references staff_members (id) on delete cascade,
  purpose text not null check (purpose in ('set-password')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index staff_links_member on staff_links (staff_id);

create table staff_refresh_tokens (
  token_hash text primary key,
  family_id text not null,
  staff_id text not null references staff_members (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index staff_refresh_tokens_family on staff_refresh_tokens (family_id);
create index staff_refresh_tokens_member on staff_refresh_tokens (staff_id);

-- Written in the transaction that changes the order, under one advisory lock, so ids become
-- visible in id order and a reader that remembers the last id it saw never skips one.
create table order_events (
  id bigserial primary key,
  order_id text not null references orders (id) on delete cascade,
  kind text not null check (kind in ('paid', 'status', 'cancelled', 'promised')),
  status text not null,
  at timestamptz not null default now(),
  payload jsonb not null default '{}'
);
create index order_events_order on order_events (order_id, id);

alter table orders add column promised_at timestamptz;
alter table orders add column cancel_reason text;

-- Staff mark an item or a modifier sold out: available = false, and with sold_out_until it
-- counts as available again from that time (the next local day) without anyone touching it.
alter table menu_items add column sold_out_until timestamptz;
alter table modifiers add column sold_out_until timestamptz;
