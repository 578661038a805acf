-- Mail goes out from the outbox (a transactional outbox): a mail is written in the same
-- transaction as the change it reports, and a sender claims it afterwards, on whichever replica,
-- so a crash between the two never loses it. claimed_at: when a sender took it (null: waiting).
alter table outbox add column claimed_at timestamptz;
-- Mail written before this change was already handled when it was written.
update outbox set claimed_at = created_at;
create index outbox_waiting on outbox (id) where claimed_at is null;

-- Event streams open right now, per client, so a limit on them holds across replicas. A stream
-- renews seen_at while it lives; a row whose server died ages out.
create table open_streams (
  id text primary key,
  client text not null,
  opened_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
create index open_streams_client on open_streams (client, seen_at);
