-- The kitchen board at Friday rush: the customer's note to the kitchen, when the restaurant's
-- phone was texted about an order nobody accepted, and a pickup nobody came for.
alter table orders add column note text;
alter table orders add column alerted_at timestamptz;
alter table orders add column no_show boolean not null default false;

-- The alert loop looks every 15 s for paid orders nobody accepted and nobody was told about.
create index orders_waiting_unalerted on orders (paid_at) where status = 'paid' and alerted_at is null;

-- The board follows the alert as an order event too.
alter table order_events drop constraint order_events_kind_check;
alter table order_events add constraint order_events_kind_check
  check (kind in ('paid', 'status', 'cancelled', 'promised', 'delivery', 'refunded', 'alerted'));

-- The text to the restaurant's phone is an sms_messages row like the customer's texts: claimed
-- once per order before the provider is called, so two replicas never both send it. The
-- customer's texts keep their kinds (a cancel's, and one per refund: 'refund:<its id>').
alter table sms_messages drop constraint if exists sms_messages_kind_check;
alter table sms_messages add constraint sms_messages_kind_check
  check (kind in ('ready', 'out_for_delivery', 'cancelled', 'kitchen_alert') or kind like 'refund:%');
