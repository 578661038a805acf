-- The language an order was placed in (shared/i18n/locale.ts), so its mails and texts speak it.
alter table orders add column locale text not null default 'en' check (locale in ('en', 'es'));
