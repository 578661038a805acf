-- A refund the payment provider took and later failed (Stripe: a card closed, lost or stolen by the
-- time the money reached it): 'refund_failed', on the staff board with the provider's reason, so
-- someone gives the customer their money another way.
alter table order_problems drop constraint order_problems_kind_check;
alter table order_problems add constraint order_problems_kind_check
  check (kind in ('delivery_not_booked', 'payment_disputed', 'courier_not_cancelled', 'delivery_returned', 'not_sent_to_pos', 'refund_failed'));
