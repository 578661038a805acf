-- Whether a customer has a paid order (a first-order-only promo code) and their earlier checkouts
-- with a code are looked up by account, phone or email at checkout: the email, as typed in any
-- case, gets an index like the phone's (0028) and the account's (0002).
create index orders_by_email on orders (lower(email));
