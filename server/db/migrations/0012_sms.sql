-- Order texts (SMS), only for customers who ticked the box at checkout: the consent on the order,
-- and one row per text. The row is claimed before the provider is called, so the unique
-- (order_id, kind) means a retry, or a second replica handling the same move, never texts twice.
alter table orders add column sms_opt_in boolean not null default false;

create table sms_messages (
  id bigserial primary key,
  order_id text not null references orders (id) on delete cascade,
  kind text not null check (kind in ('ready', 'out_for_delivery')),
  -- E.164, as the order holds the phone (+12135550101).
  to_phone text not null,
  body text not null,
  -- 'outbox' (the embedded default, nothing leaves the machine) or 'twilio'.
  provider text not null,
  -- Twilio's Message SID (SM...) once sent.
  provider_message_id text,
  status text not null default 'sending' check (status in ('sending', 'sent', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  unique (order_id, kind)
);
