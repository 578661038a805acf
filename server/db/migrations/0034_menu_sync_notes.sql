-- What the last good menu sync kept off the online menu, or changed so it cannot be sold wrong,
-- and why: one note per Clover item ({ item_id, item_name, action, reason }), the same on every
-- replica. Written with the menu it describes; a failed sync leaves it, like the menu, as it was.
alter table menu_sync_status add column last_notes jsonb not null default '[]'::jsonb;
