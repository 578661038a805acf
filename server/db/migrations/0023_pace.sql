-- The kitchen's pace (Friday rush): a pause that ends by itself, the busy switch, the board's
-- auto-accept switch, and the slot each order counts against so a slot holds only so many.
-- A timed pause keeps paused = true with paused_until set; it reads as not paused once that
-- moment has passed (server/db/store-status.ts), so nothing has to run when it ends.
alter table store_status add column paused_until timestamptz;
alter table store_status add column busy_minutes integer not null default 0
  check (busy_minutes between 0 and 120);
-- Null: as settings/restaurant.json's kitchen.autoAccept says.
alter table store_status add column auto_accept boolean;

-- The slot (ordering.slotMinutes of ready times) the order counts against: its scheduled time,
-- or for as soon as possible the slot holding the time it was promised to be ready.
alter table orders add column slot_at timestamptz;
update orders set slot_at = scheduled_for where scheduled_for is not null;
-- A slot's load: its orders that are not cancelled, counted and their subtotals added up.
create index orders_by_slot on orders (slot_at) include (status, subtotal_cents, created_at)
  where slot_at is not null and status <> 'cancelled';
