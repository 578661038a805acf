-- Deliveries handed to an outside service (DoorDash Drive): one row per order, written when the
-- quote is accepted after payment, then moved along by the service's status webhooks. `status`
-- is our name for the step (db/deliveries.ts, providers/delivery/doordash-webhook.ts) and
-- `status_rank` its place in the sequence, so a late retry of an earlier event never moves a
-- delivery back. Which webhook deliveries were already handled is kept in webhook_events (0004).
create table deliveries (
  order_id text primary key references orders (id) on delete cascade,
  provider text not null,
  external_delivery_id text not null,
  status text not null default 'accepted',
  status_rank integer not null default 0,
  -- The sentence the customer's page shows for the status.
  status_text text not null default '',
  tracking_url text,
  fee_cents integer not null check (fee_cents >= 0),
  tip_cents integer not null default 0 check (tip_cents >= 0),
  dasher_name text,
  accepted_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index deliveries_external on deliveries (provider, external_delivery_id);
