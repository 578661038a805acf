-- The settings the owner changes from the admin area while the restaurant is open (hours,
-- holidays, lead times, delivery radius and fees, tip presets, the loyalty earn rate): one row
-- holding the sections that differ from settings/restaurant.json, each whole. `version` goes up
-- with every change, so each replica tells with one primary-key read whether the settings it
-- holds in memory are still current.
create table live_settings (
  id boolean primary key default true check (id),
  overrides jsonb not null default '{}',
  version bigint not null default 0,
  updated_at timestamptz
);

insert into live_settings (id) values (true);
