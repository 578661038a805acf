/**
 * An item's diet tags and spice level, set by an admin where the menu is ours (the embedded
 * default). With a point-of-sale the tags come from its item labels at each sync, so an edit
 * here would be overwritten: it is refused with where to make it instead.
 */
import { dietTagsOf } from '../../shared/diet.ts';
import type { ItemDietAnswer, StaffItemDiet } from '../../shared/api/staff.ts';
import type { AppDependencies } from '../dependencies.ts';
import { bumpMenuVersion, updateItemDiet } from '../db/menu-store.ts';
import { MENU_CHANNEL } from '../db/notifications.ts';
import { changedHere } from '../db/watched.ts';
import { HttpError } from '../http/errors.ts';

export const DIET_IN_CLOVER =
  'The menu is managed in Clover: add the tags (for example "Vegan", "Gluten Free", "Spicy 2") to the item there, then sync.';
export const ITEM_NOT_FOUND = 'That item is not on the menu.';

export async function setItemDiet(
  deps: Pick<AppDependencies, 'db' | 'pos'>,
  id: string,
  input: StaffItemDiet,
): Promise<ItemDietAnswer> {
  if (deps.pos) throw new HttpError(409, DIET_IN_CLOVER);
  const diet = dietTagsOf(input.diet);
  await deps.db.transaction(async (tx) => {
    if (!(await updateItemDiet(tx, id, diet, input.spice_level))) throw new HttpError(404, ITEM_NOT_FOUND);
    // Every replica's menu (and the next GET /api/menus/) follows the version.
    await bumpMenuVersion(tx);
  });
  changedHere(MENU_CHANNEL);
  return { id, diet, spice_level: input.spice_level };
}
