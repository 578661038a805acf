/**
 * Diet and allergen tags on menu items, and how a shopper filters by them. The tags are a fixed
 * vocabulary so the widget, the marketing menu, the POS mapping and the structured data all
 * agree; the spice level is a separate number (0 = not spicy, up to 3).
 */
import type { MessageId } from './i18n/message.ts';

export const DIET_TAGS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'contains-nuts'] as const;
export type DietTag = (typeof DIET_TAGS)[number];

export const MAX_SPICE_LEVEL = 3;

/** The message that says what a tag is, in words (shown beside its icon, never the icon alone). */
export const DIET_LABELS: Record<DietTag, MessageId> = {
  vegetarian: 'common.diet.vegetarian',
  vegan: 'common.diet.vegan',
  'gluten-free': 'common.diet.glutenFree',
  'dairy-free': 'common.diet.dairyFree',
  'contains-nuts': 'common.diet.containsNuts',
};

/** The short mark inside a tag's icon. */
export const DIET_MARKS: Record<DietTag, string> = {
  vegetarian: 'V',
  vegan: 'VG',
  'gluten-free': 'GF',
  'dairy-free': 'DF',
  'contains-nuts': 'N',
};

/** The message naming each spice level above 0 (shown as 'Spicy: Medium', common.spicy). */
export const SPICE_LABELS: Record<number, MessageId> = {
  1: 'common.spice.1',
  2: 'common.spice.2',
  3: 'common.spice.3',
};

/** The filters a shopper can turn on; an item shows when it passes every filter that is on. */
export const DIET_FILTERS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'nut-free'] as const;
export type DietFilter = (typeof DIET_FILTERS)[number];

export const DIET_FILTER_LABELS: Record<DietFilter, MessageId> = {
  vegetarian: 'common.diet.vegetarian',
  vegan: 'common.diet.vegan',
  'gluten-free': 'common.diet.glutenFree',
  'dairy-free': 'common.diet.dairyFree',
  'nut-free': 'common.diet.nutFree',
};

export interface DietInfo {
  diet: readonly DietTag[];
  spice_level: number;
}

/** Whether an item passes one filter: a vegan dish is vegetarian too; "No nuts" hides items that contain nuts. */
export function passesDietFilter(item: Pick<DietInfo, 'diet'>, filter: DietFilter): boolean {
  if (filter === 'nut-free') return !item.diet.includes('contains-nuts');
  if (filter === 'vegetarian') return item.diet.includes('vegetarian') || item.diet.includes('vegan');
  return item.diet.includes(filter);
}

export function passesDietFilters(item: Pick<DietInfo, 'diet'>, filters: readonly DietFilter[]): boolean {
  return filters.every((filter) => passesDietFilter(item, filter));
}

/** A list read from anywhere (menu answer, POS, URL) as known tags, each once, in vocabulary order. */
export function dietTagsOf(value: unknown): DietTag[] {
  if (!Array.isArray(value)) return [];
  return DIET_TAGS.filter((tag) => value.includes(tag));
}

export function dietFiltersOf(value: unknown): DietFilter[] {
  if (!Array.isArray(value)) return [];
  return DIET_FILTERS.filter((filter) => value.includes(filter));
}

/** A spice level read from anywhere: a whole number from 0 to 3, anything else 0. */
export function spiceLevelOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SPICE_LEVEL ? value : 0;
}

/**
 * schema.org RestrictedDiet values an item is suitable for. Only exact matches: schema.org has
 * no dairy-free diet (LowLactoseDiet is not the same promise), and "contains nuts" is a warning.
 */
export function suitableForDiet(item: Pick<DietInfo, 'diet'>): string[] {
  const diets: string[] = [];
  if (item.diet.includes('vegan')) diets.push('https://schema.org/VeganDiet');
  if (item.diet.includes('vegan') || item.diet.includes('vegetarian')) diets.push('https://schema.org/VegetarianDiet');
  if (item.diet.includes('gluten-free')) diets.push('https://schema.org/GlutenFreeDiet');
  return diets;
}

/**
 * Tags from a point-of-sale's free-text labels (Clover item tags): "Vegan", "Gluten Free", "GF",
 * "Contains Nuts", "Spicy", "Spicy 2", "Hot". Unknown labels are ignored; the highest spice wins.
 */
export function dietFromLabels(labels: readonly string[]): { diet: DietTag[]; spice_level: number } {
  const diet = new Set<DietTag>();
  let spice = 0;
  for (const label of labels) {
    const words = label
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    const tag = LABEL_TAGS[words];
    if (tag) diet.add(tag);
    const level = spiceOfLabel(words);
    if (level > spice) spice = level;
  }
  return { diet: DIET_TAGS.filter((tag) => diet.has(tag)), spice_level: spice };
}

const LABEL_TAGS: Record<string, DietTag> = {
  vegetarian: 'vegetarian',
  veggie: 'vegetarian',
  vegetariano: 'vegetarian',
  vegan: 'vegan',
  vegano: 'vegan',
  'gluten free': 'gluten-free',
  gf: 'gluten-free',
  'sin gluten': 'gluten-free',
  'dairy free': 'dairy-free',
  df: 'dairy-free',
  'sin lacteos': 'dairy-free',
  'contains nuts': 'contains-nuts',
  nuts: 'contains-nuts',
  'tree nuts': 'contains-nuts',
  peanuts: 'contains-nuts',
  'contiene nueces': 'contains-nuts',
};

function spiceOfLabel(words: string): number {
  if (words === 'mild' || words === 'spicy 1') return 1;
  if (words === 'spicy' || words === 'medium' || words === 'picante' || words === 'spicy 2') return 2;
  if (words === 'hot' || words === 'extra hot' || words === 'very spicy' || words === 'spicy 3') return 3;
  return 0;
}
