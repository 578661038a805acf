-- Diet and allergen tags on menu items (shared/diet.ts holds the vocabulary): a JSON array of
-- tags such as ["vegetarian","gluten-free"], and how spicy the dish is, 0 (not) to 3 (hot).
-- Written by the demo seed and the POS sync with the rest of the item.
alter table menu_items add column diet jsonb not null default '[]'::jsonb;
alter table menu_items add column spice_level smallint not null default 0 check (spice_level between 0 and 3);
