-- A delivery service's own steps (a driver assigned, at the restaurant, at the door) are order
-- events too, so the customer's page, which follows order_events, shows them as they happen.
alter table order_events drop constraint order_events_kind_check;
alter table order_events add constraint order_events_kind_check check (kind in ('paid', 'status', 'cancelled', 'promised', 'delivery'));
