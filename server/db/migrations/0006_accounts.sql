-- Built-in accounts (the embedded default; AUTH_PROVIDER=cognito keeps customers only), their
-- one-time links and rotating refresh tokens, the mail outbox, and what saving a card needs
-- (saved carts and payment_methods came with 0002). Tokens are stored as SHA-256 hashes.

create table accounts (
  cognito_sub text primary key references customers (cognito_sub) on delete cascade,
  password_hash text not null,
  confirmed_at timestamptz,
  password_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);

create table account_links (
  token_hash text primary key,
  cognito_sub text not null references customers (cognito_sub) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'reset')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_links_customer on account_links (cognito_sub, purpose);

create table refresh_tokens (
  token_hash text primary key,
  -- Every token rotated from one sign-in shares a family; reuse of a spent one ends the family.
  family_id text not null,
  cognito_sub text not null references customers (cognito_sub) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens (family_id);

create table outbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);

-- The Stripe customer that holds a signed-in customer's saved cards.
alter table customers add column stripe_customer_id text;
-- Demo setups (the demo provider's SetupIntent): who started one, and the card it saved.
create table demo_setups (
  client_secret text primary key,
  cognito_sub text not null references customers (cognito_sub) on delete cascade,
  card_id text unique,
  brand text,
  last4 text,
  exp_month integer,
  exp_year integer,
  created_at timestamptz not null default now()
);
