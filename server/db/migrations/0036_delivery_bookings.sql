-- Booking a paid order's courier (services/order-handoff.ts): one row per order, claimed by one
-- replica at a time, so two replicas never book the same order twice. `external_delivery_id` is
-- the id the service is being asked to book under: the quote's, or the new quote's after a
-- refusal (written before the new accept goes out, so a lost answer can be looked up). `state`:
-- 'booking' while a replica works on it (a crash leaves it until `claimed_until`, then it is
-- looked up), 'booked', 'not_booked' (the staff board shows it), 'unknown' (the service did not
-- say whether it booked; looked up again from `claimed_until` on).
create table delivery_bookings (
  order_id text primary key references orders (id) on delete cascade,
  provider text not null,
  external_delivery_id text not null,
  state text not null default 'booking' check (state in ('booking', 'booked', 'not_booked', 'unknown')),
  -- A new quote was asked for after a refusal: the one re-booking is spent.
  requoted boolean not null default false,
  attempts integer not null default 0 check (attempts >= 0),
  -- What the service said last, in English, for the staff (the order problem's detail).
  last_answer text,
  claimed_until timestamptz not null,
  updated_at timestamptz not null
);

create index delivery_bookings_waiting on delivery_bookings (claimed_until) where state in ('booking', 'unknown');
