-- With auto-accept on, every replica's kitchen loop looks every 15 s for scheduled orders whose
-- time to reach New has come (db/orders.ts scheduledOrdersFired): only paid orders, by their
-- scheduled time within the loop's look-back, so a few index entries instead of every order.
create index orders_paid_scheduled on orders (scheduled_for) where status = 'paid';
