-- One row holding the menu's version. Every change to the menu tables (the demo seed, a POS
-- sync, an item marked sold out) bumps it in the same transaction, so each API replica can tell
-- with one primary-key read whether the menu it holds in memory is still current.
create table menu_state (
  id boolean primary key default true check (id),
  version bigint not null
);

insert into menu_state (id, version) values (true, 0);
