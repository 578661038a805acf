-- The menu as the point-of-sale system holds it: categories with subcategories, items, and the
-- modifier groups that items offer. Prices are integer cents.
create table menu_categories (
  id text primary key,
  name text not null,
  position integer not null default 0
);

create table menu_subcategories (
  id text primary key,
  category_id text not null references menu_categories (id) on delete cascade,
  name text not null,
  position integer not null default 0
);

create table menu_items (
  id text primary key,
  category_id text not null references menu_categories (id) on delete cascade,
  subcategory_id text references menu_subcategories (id) on delete set null,
  name text not null,
  description text not null default '',
  price_cents integer not null check (price_cents >= 0),
  is_special boolean not null default false,
  clover_id text unique,
  photo text,
  available boolean not null default true,
  position integer not null default 0
);

create table modifier_groups (
  id text primary key,
  name text not null,
  force_popup boolean not null default false,
  min_required integer not null default 0 check (min_required >= 0),
  max_allowed integer not null default 99 check (max_allowed >= 1),
  check (min_required <= max_allowed)
);

create table menu_item_modifier_groups (
  menu_item_id text not null references menu_items (id) on delete cascade,
  modifier_group_id text not null references modifier_groups (id) on delete cascade,
  position integer not null default 0,
  primary key (menu_item_id, modifier_group_id)
);

create table modifiers (
  id text primary key,
  modifier_group_id text not null references modifier_groups (id) on delete cascade,
  name text not null,
  price_cents integer not null default 0 check (price_cents >= 0),
  available boolean not null default true,
  position integer not null default 0
);

create index menu_items_category on menu_items (category_id, position);
create index modifiers_group on modifiers (modifier_group_id, position);
