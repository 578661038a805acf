-- Webhook events already handled, one row per provider and event id. Providers deliver at least
-- once (Stripe retries for up to three days and may send an event twice), so a delivery whose id
-- is here is answered and ignored. A row is written only after its event was handled, so a
-- delivery that failed half way is handled again when the provider retries.
create table webhook_events (
  provider text not null,
  event_id text not null,
  event_type text not null default '',
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);
