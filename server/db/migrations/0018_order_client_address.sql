-- The client address an order was placed from, so a card declined on Stripe's side (reported by
-- webhook, with no request of the customer's to read it from) still counts against the address
-- that is testing cards.
alter table orders add column client_address text;
