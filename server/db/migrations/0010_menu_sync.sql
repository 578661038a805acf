-- The point-of-sale link (Clover): how the last menu syncs went, and which paid orders were sent
-- to the POS. menu_sync_status holds one row: when the menu last synced, and while the latest
-- attempt failed, the customer-facing sentence, the cause for whoever fixes it, and when.
create table menu_sync_status (
  id boolean primary key default true check (id),
  source text,
  last_success_at timestamptz,
  last_error text,
  last_error_detail text,
  last_error_at timestamptz
);
insert into menu_sync_status (id) values (true);

-- One row per order sent (or being sent) to the POS: the primary key makes a push happen once.
-- claimed_until is a lease: the replica pushing holds it while it tries, so two never push the
-- same order at once, and a push left half-way by a crash can be taken up after it runs out.
create table pos_order_pushes (
  order_id text primary key references orders (id) on delete cascade,
  provider text not null,
  status text not null check (status in ('pending', 'pushed', 'failed')),
  pos_order_id text,
  attempts integer not null default 0,
  last_error text,
  claimed_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  pushed_at timestamptz,
  check (status <> 'pushed' or pos_order_id is not null)
);
create index pos_order_pushes_open on pos_order_pushes (status) where status <> 'pushed';
