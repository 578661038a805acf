-- What happens to a text after we hand it over, and who asked for no more texts.
--
-- sms_messages.status stays what our send did ('sending', 'sent', 'failed'), now also 'skipped':
-- the number had opted out, so nothing was sent. delivery_status is what the provider reported
-- later (Twilio's status callbacks: queued, sent, delivered, undelivered, failed ...), with the
-- carrier's error code (30003, 30006 ...) when it failed; a final status is never moved back by a
-- callback that arrives late.
alter table sms_messages drop constraint if exists sms_messages_status_check;
alter table sms_messages add constraint sms_messages_status_check
  check (status in ('sending', 'sent', 'failed', 'skipped'));
alter table sms_messages add column delivery_status text;
alter table sms_messages add column delivery_error_code integer;
alter table sms_messages add column delivery_updated_at timestamptz;
-- A text's kind of consent: an order's texts are 'transactional' (the checkout's texting box);
-- a 'marketing' text needs the checkout's offers box (orders.marketing_opt_in).
alter table sms_messages add column purpose text not null default 'transactional'
  check (purpose in ('transactional', 'marketing'));
alter table sms_messages drop constraint if exists sms_messages_kind_check;
alter table sms_messages add constraint sms_messages_kind_check
  check (kind in ('ready', 'out_for_delivery', 'cancelled', 'kitchen_alert')
    or kind like 'refund:%' or kind like 'marketing:%');
-- The callbacks find their text by the provider's id.
create index sms_messages_provider_message on sms_messages (provider, provider_message_id)
  where provider_message_id is not null;

-- Every keyword a customer texted us (STOP, QUIT, START, HELP ...), once per provider message:
-- a retried webhook is recorded once. Only the keyword is kept, never other text of a reply.
create table sms_keywords (
  id bigserial primary key,
  provider text not null,
  provider_message_id text not null,
  -- E.164, as orders keep phones.
  phone text not null,
  -- The word as matched, upper-case ('STOP', 'STOPALL', 'START', 'INFO'), or Twilio's OptOutType.
  word text not null,
  action text not null check (action in ('opt_out', 'opt_in', 'help')),
  received_at timestamptz not null,
  unique (provider, provider_message_id)
);
create index sms_keywords_phone on sms_keywords (phone, received_at);

-- The numbers we never text: one row per number that replied STOP (or another opt-out word), or
-- that the provider refused as unsubscribed (Twilio 21610), until it replies START.
create table sms_opt_outs (
  phone text primary key,
  -- 'keyword': they texted an opt-out word; 'provider': the provider refused a text to them.
  source text not null check (source in ('keyword', 'provider')),
  word text,
  opted_out_at timestamptz not null
);
