-- Failed sign-ins, counted per caller rather than per account, so a stranger who keeps guessing
-- waits longer and longer (server/auth/sign-in-throttle.ts) while the account's owner, signing in
-- from elsewhere, gets in. A bucket is who fails: a client address, or an address and the account
-- it tried, each hashed (no address or email is kept here). An attempt counts as a failure from
-- the moment it starts until its password proves right, so tries sent all at once cannot slip
-- past the count.
create table sign_in_failures (
  bucket text primary key,
  failures integer not null check (failures >= 0),
  last_failure_at timestamptz not null
);

-- Forgetting old failures scans by age.
create index sign_in_failures_last_failure_at on sign_in_failures (last_failure_at);

-- The per-account lock this replaces counted in rate_limit_hits; those counts mean nothing now.
delete from rate_limit_hits where bucket like 'sign-in-%' or bucket like 'staff-sign-in-%';
