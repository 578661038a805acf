-- A delivery the Dasher could not hand over and is bringing back (or has brought back) to the
-- restaurant: 'delivery_returned', on the staff board so someone calls the customer, whose page
-- says the restaurant will.
alter table order_problems drop constraint order_problems_kind_check;
alter table order_problems add constraint order_problems_kind_check
  check (kind in ('delivery_not_booked', 'payment_disputed', 'courier_not_cancelled', 'delivery_returned'));
