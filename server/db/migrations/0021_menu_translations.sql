-- A menu entry's words in other languages: {"es": {"name": "...", "description": "..."}} on
-- items, and {"es": {"name": "..."}} on categories, subcategories, modifier groups and
-- modifiers. English stays in the entry's own name and description. Written by the demo seed and
-- the POS sync with the rest of the entry (Clover: the alternate name of an item, a modifier
-- group or a modifier).
alter table menu_items add column translations jsonb not null default '{}'::jsonb;
alter table menu_categories add column translations jsonb not null default '{}'::jsonb;
alter table menu_subcategories add column translations jsonb not null default '{}'::jsonb;
alter table modifier_groups add column translations jsonb not null default '{}'::jsonb;
alter table modifiers add column translations jsonb not null default '{}'::jsonb;
