-- A stream's row names the database session its server listens on (pg_stat_activity's pid and
-- backend_start): while that session lives the stream counts, with no renewal, so an idle stream
-- costs the database nothing. A row with no session (its server could not listen when it opened)
-- counts until seen_at is a minute old.
alter table open_streams add column server_pid integer;
alter table open_streams add column server_started timestamptz;
