-- What needs a person on a paid order beyond its status: the courier could not be booked for a
-- delivery, or the customer disputed the payment with their bank. One row per order and kind:
-- opened again (resolved_at back to null) if it comes back; resolved_at set when it is settled
-- (the courier booked after all, the dispute closed). The staff board shows the open ones on the
-- ticket and sounds for each new one.
create table order_problems (
  order_id text not null references orders(id) on delete cascade,
  kind text not null check (kind in ('delivery_not_booked', 'payment_disputed')),
  detail text not null,
  opened_at timestamptz not null,
  resolved_at timestamptz,
  primary key (order_id, kind)
);

create index order_problems_open on order_problems (order_id) where resolved_at is null;

-- A problem opened or resolved is an order event, so every board follows it.
alter table order_events drop constraint order_events_kind_check;
alter table order_events add constraint order_events_kind_check
  check (kind in ('paid', 'status', 'cancelled', 'promised', 'delivery', 'refunded', 'alerted', 'problem'));
