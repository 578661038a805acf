-- The earn rate an order's points were counted at when it was paid (cents of eligible subtotal
-- per point). The owner may change the rate later in the admin area; a refund takes back points
-- at the order's own rate. Null for orders paid before: they earned at the file's rate.
alter table orders add column points_cents_per_point integer;
