/**
 * The restaurant's menu as GET /api/menus/ answers it (one element of the array), and as the
 * marketing pages print it: prices in dollars as text, the way a point-of-sale sends them.
 * Browser code imports the types only (`import type`), so zod stays out of its bundles.
 */
import { z } from 'zod';
import { DIET_TAGS, MAX_SPICE_LEVEL } from '../diet.ts';
import { WINDOW_DAYS } from '../menu-windows.ts';

/**
 * A menu entry's words in another language, where the menu has them (the demo menu, or the
 * alternate name of a Clover item, modifier group or modifier); English is the entry's own name
 * and description. Categories, subcategories, modifier groups and modifiers carry a name only.
 */
export const MenuAnswerTranslationsSchema = z.object({
  es: z.object({ name: z.string().optional(), description: z.string().optional() }).optional(),
});
export type MenuAnswerTranslations = z.infer<typeof MenuAnswerTranslationsSchema>;

/** A modifier as the API sends it: the price in dollars as text, like a POS sends it. */
export const MenuAnswerModifierSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Dollars, as text. */
  price: z.string(),
  available: z.boolean(),
  /** Only `es.name`: a modifier has no description. */
  translations: MenuAnswerTranslationsSchema,
});
export type MenuAnswerModifier = z.infer<typeof MenuAnswerModifierSchema>;

export const MenuAnswerGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  force_popup: z.boolean(),
  min_required: z.number(),
  max_allowed: z.number(),
  /** Only `es.name`: a group has no description. */
  translations: MenuAnswerTranslationsSchema,
  modifiers: z.array(MenuAnswerModifierSchema),
});
export type MenuAnswerGroup = z.infer<typeof MenuAnswerGroupSchema>;

export const MenuAnswerItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Dollars, as text. */
  base_price: z.string(),
  is_special: z.boolean(),
  clover_id: z.string().nullable(),
  photo: z.string().nullable(),
  /** false while sold out: the widget still lists the item, marked as such. */
  available: z.boolean(),
  /** Diet and allergen tags (shared/diet.ts), in vocabulary order. */
  diet: z.array(z.enum(DIET_TAGS)),
  /** 0 (not spicy) to 3 (hot). */
  spice_level: z.number().int().min(0).max(MAX_SPICE_LEVEL),
  translations: MenuAnswerTranslationsSchema,
  modifier_groups: z.array(MenuAnswerGroupSchema),
});
export type MenuAnswerItem = z.infer<typeof MenuAnswerItemSchema>;

/** When a category is served (shared/menu-windows.ts): weekdays, from and to in the restaurant's zone. */
export const MenuAnswerWindowSchema = z.object({
  days: z.array(z.enum(WINDOW_DAYS)),
  from: z.string(),
  to: z.string(),
});

export const MenuAnswerCategorySchema = z.object({
  name: z.string(),
  translations: MenuAnswerTranslationsSchema,
  /** Empty: served whenever the restaurant takes orders; else only in one of these windows. */
  windows: z.array(MenuAnswerWindowSchema),
  menu_items: z.array(MenuAnswerItemSchema),
  subcategories: z.array(
    z.object({
      name: z.string(),
      translations: MenuAnswerTranslationsSchema,
      menu_items: z.array(MenuAnswerItemSchema),
    }),
  ),
});
export type MenuAnswerCategory = z.infer<typeof MenuAnswerCategorySchema>;

export const MenuAnswerSchema = z.object({
  name: z.string(),
  categories: z.array(MenuAnswerCategorySchema),
});
export type MenuAnswer = z.infer<typeof MenuAnswerSchema>;

/** GET /api/menus/: every menu the restaurant offers. */
export const MenusAnswerSchema = z.array(MenuAnswerSchema);
export type MenusAnswer = z.infer<typeof MenusAnswerSchema>;
