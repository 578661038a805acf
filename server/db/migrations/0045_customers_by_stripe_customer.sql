-- Stripe's setup_intent.setup_failed names the Stripe Customer, and the webhook finds our account
-- by it (customerByStripeId): one lookup per declined card, so it reads an index, not every
-- customer.
create index customers_stripe_customer on customers (stripe_customer_id) where stripe_customer_id is not null;
