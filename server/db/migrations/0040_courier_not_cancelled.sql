-- A cancelled delivery order whose courier the delivery service would not (or could not be asked
-- to) call off: 'courier_not_cancelled', on the staff board until someone has dealt with it.
alter table order_problems drop constraint order_problems_kind_check;
alter table order_problems add constraint order_problems_kind_check
  check (kind in ('delivery_not_booked', 'payment_disputed', 'courier_not_cancelled'));
