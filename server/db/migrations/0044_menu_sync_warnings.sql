-- What the last good menu sync says about the whole menu rather than one item: Clover refusing
-- the items' online-ordering settings (their online switch and description, for a token without
-- that permission), so staff know the Register's Hidden flag decides what is sold online.
alter table menu_sync_status add column last_warnings jsonb not null default '[]'::jsonb;
