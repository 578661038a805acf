-- Money back: every refund is a row (a few lines, an amount, or a cancel's refund of everything
-- left), with its reason, the staff's note, who made it and how it went at the payment provider.
-- A cancel's reason becomes a code (shared/api/staff.ts REFUND_REASONS) with the staff's words
-- beside it in cancel_note.
create table refunds (
  id text primary key,
  -- The order refunds were written in (refunds of one order replay in it: shared/refunds.ts).
  seq bigserial not null,
  order_id text not null references orders (id) on delete cascade,
  amount_cents integer not null check (amount_cents > 0),
  reason text not null check (reason in ('customer_request', 'out_of_stock', 'kitchen_delay', 'quality_issue', 'duplicate_order', 'delivery_problem', 'other')),
  note text,
  -- [{position, name, quantity}]: the lines given back (empty for an amount or a whole order).
  lines jsonb not null default '[]',
  whole_order boolean not null default false,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  -- The provider's name for the refund, once it answered.
  provider_reference text,
  -- The staff member's email (or the provider's name for a refund made in its dashboard).
  by text not null,
  points_reversed integer not null default 0 check (points_reversed >= 0),
  -- Tries at the provider: a retry after a failure asks with a new idempotency key.
  attempts integer not null default 1 check (attempts >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refunds_by_order on refunds (order_id, seq);
-- One cancel's refund per order: a retried cancel retries that row.
create unique index refunds_one_whole_order on refunds (order_id) where whole_order;

alter table orders add column cancel_note text;
update orders set cancel_note = cancel_reason, cancel_reason = 'other'
  where cancel_reason is not null
    and cancel_reason not in ('customer_request', 'out_of_stock', 'kitchen_delay', 'quality_issue', 'duplicate_order', 'delivery_problem', 'other');
alter table orders add constraint orders_cancel_reason_code check (
  cancel_reason is null or cancel_reason in ('customer_request', 'out_of_stock', 'kitchen_delay', 'quality_issue', 'duplicate_order', 'delivery_problem', 'other'));

-- Orders cancelled and refunded before refunds had rows get one: the whole payment, by whoever
-- cancelled (the cancel's event), with the points the cancel took back.
insert into refunds (id, order_id, amount_cents, reason, note, whole_order, status, by, points_reversed, created_at, updated_at)
select 'rf_' || o.id, o.id, p.amount_cents, coalesce(o.cancel_reason, 'other'), o.cancel_note, true, 'succeeded',
       coalesce((select e.payload ->> 'by' from order_events e where e.order_id = o.id and e.kind = 'cancelled' order by e.id desc limit 1), p.provider),
       coalesce((select -l.points from loyalty_ledger l where l.order_id = o.id and l.kind = 'reversed'), 0),
       p.updated_at, p.updated_at
  from orders o join payments p on p.order_id = o.id
 where p.status = 'refunded' and p.amount_cents > 0;

-- A partial refund takes back part of an order's points: the ledger keeps one 'reversed' entry per
-- refund (refund_id) besides the order-wide entries, each still once.
alter table loyalty_ledger add column refund_id text references refunds (id) on delete cascade;
drop index loyalty_ledger_once_per_kind;
create unique index loyalty_ledger_once_per_kind on loyalty_ledger (order_id, kind) where refund_id is null;
create unique index loyalty_ledger_once_per_refund on loyalty_ledger (refund_id, kind) where refund_id is not null;

-- The board and the customer's page follow refunds as order events.
alter table order_events drop constraint order_events_kind_check;
alter table order_events add constraint order_events_kind_check
  check (kind in ('paid', 'status', 'cancelled', 'promised', 'delivery', 'refunded'));

-- The customer is texted about each cancel and refund, once per refund ('refund:<refund id>'),
-- or once per order for a cancel with nothing left to give back ('cancelled').
alter table sms_messages drop constraint sms_messages_kind_check;
alter table sms_messages add constraint sms_messages_kind_check
  check (kind in ('ready', 'out_for_delivery', 'cancelled') or kind like 'refund:%');
