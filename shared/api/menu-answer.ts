/**
 * The restaurant's menu as GET /api/menus/ answers it (one element of the array), and as the
 * marketing pages print it: prices in dollars as text, the way a point-of-sale sends them.
 */
/** A modifier as the API sends it: the price in dollars as text, like a POS sends it. */
export interface MenuAnswerModifier {
  id: string;
  name: string;
  price: string;
  available: boolean;
}

export interface MenuAnswerGroup {
  id: string;
  name: string;
  force_popup: boolean;
  min_required: number;
  max_allowed: number;
  modifiers: MenuAnswerModifier[];
}

export interface MenuAnswerItem {
  id: string;
  name: string;
  description: string;
  base_price: string;
  is_special: boolean;
  clover_id: string | null;
  photo: string | null;
  /** false while sold out: the widget still lists the item, marked as such. */
  available: boolean;
  modifier_groups: MenuAnswerGroup[];
}

export interface MenuAnswerCategory {
  name: string;
  menu_items: MenuAnswerItem[];
  subcategories: { name: string; menu_items: MenuAnswerItem[] }[];
}

export interface MenuAnswer {
  name: string;
  categories: MenuAnswerCategory[];
}
