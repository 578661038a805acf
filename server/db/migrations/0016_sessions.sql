-- Sessions, so that ending one ends its access tokens at once on every replica, not when they
-- expire. Each access token names its session, and every verified call reads that session's row
-- (one primary-key lookup): a row revoked by sign-out, a password change or the reuse of a spent
-- refresh token refuses the token.
--
-- customer_sessions.id is the refresh-token family for built-in accounts (a token whose session
-- has no row is refused), and for Amazon Cognito the access tokens' origin_jti (or jti when a
-- token has none), with the hash of the refresh token it came from so sign-out finds it; a
-- Cognito token whose origin has no row is one we never saw issued and is checked by Cognito alone.
create table customer_sessions (
  id text primary key,
  cognito_sub text not null references customers (cognito_sub) on delete cascade,
  refresh_token_hash text,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index customer_sessions_customer on customer_sessions (cognito_sub);
create index customer_sessions_refresh_token on customer_sessions (refresh_token_hash) where refresh_token_hash is not null;

-- A staff session is the staff refresh-token family. Removing a member deletes their sessions
-- with them, so their token is refused on the next call.
create table staff_sessions (
  id text primary key,
  staff_id text not null references staff_members (id) on delete cascade,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index staff_sessions_member on staff_sessions (staff_id);
