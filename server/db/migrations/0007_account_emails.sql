-- An email names one built-in account, but not one customer: a Cognito user deleted and made
-- again with the same email is a new customer (a new sub), as is a built-in account's owner who
-- later signs in through Cognito. Uniqueness moves from customers to accounts, case-insensitive.
alter table customers drop constraint if exists customers_email_key;
alter table accounts add column email text;
update accounts a set email = lower(c.email) from customers c where c.cognito_sub = a.cognito_sub;
alter table accounts alter column email set not null;
create unique index accounts_email on accounts (email);
