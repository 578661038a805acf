/**
 * Clover-shaped inventories for tests: a generated catalogue of any size, the way a busy
 * restaurant's Clover account answers (categories with sortOrder, items in cents at Clover's
 * default price type FIXED with category and modifier group references and their menu attributes,
 * groups with min/max and their modifiers), field names as in tests/fixtures/clover/; and the
 * fixtures themselves, Clover's published examples (tests/fixtures/clover/README.md).
 */
import type {
  CloverCategory,
  CloverItem,
  CloverModifier,
  CloverModifierGroup,
} from '../../server/providers/menu/clover-client.ts';
import bangersAndMash from '../fixtures/clover/item-expand-categories.json' with { type: 'json' };
import pizza from '../fixtures/clover/item-expand-tags-categories.json' with { type: 'json' };
import caesarSalad from '../fixtures/clover/item-created.json' with { type: 'json' };
import orderedByTimeAndPrice from '../fixtures/clover/items-order-by-modified-time-price.json' with { type: 'json' };
import orderedByTime from '../fixtures/clover/items-order-by-modified-time-asc.json' with { type: 'json' };
import saladAddIn from '../fixtures/clover/modifier-group-created.json' with { type: 'json' };
import tofu from '../fixtures/clover/modifier-created.json' with { type: 'json' };
import type { CloverCatalogue } from './clover-stand-in.ts';

/** Clover's published examples, as Clover sent them (a fresh copy each call: tests change them). */
export const published = () => {
  const copy = <T>(value: T): T => structuredClone(value);
  const [itemUse, nontaxItem] = copy(orderedByTimeAndPrice.elements) as CloverItem[];
  const [pizzaSlice, porkRiceBowl] = copy(orderedByTime.elements) as CloverItem[];
  return {
    /** FIXED $1.50, in category Food (sortOrder "0", a string). */
    bangersAndMash: copy(bangersAndMash) as CloverItem & { categories: { elements: CloverCategory[] } },
    /** FIXED $14.99, tagged Hot, in Italian (1) and From the Oven (0). */
    pizza: copy(pizza) as CloverItem & { categories: { elements: CloverCategory[] } },
    /** FIXED $12.00, created through the API. */
    caesarSalad: copy(caesarSalad) as CloverItem,
    /** PER_UNIT $1.00 per hr. */
    itemUse: itemUse!,
    /** FIXED $1.00 with a unitName "oz" all the same. */
    nontaxItem: nontaxItem!,
    /** FIXED $2.50. */
    pizzaSlice: pizzaSlice!,
    /** FIXED $12.00. */
    porkRiceBowl: porkRiceBowl!,
    /** A group as created: no minRequired, no maxAllowed, showByDefault true. */
    saladAddIn: copy(saladAddIn) as CloverModifierGroup,
    /** A $1.00 modifier of Salad Add-in. */
    tofu: copy(tofu) as CloverModifier & { modifierGroup: { id: string } },
  };
};

export const CATEGORY_NAMES = ['Tacos', 'Burritos', 'Bowls', 'Sides', 'Drinks', 'Desserts'];

/** The price of generated item `i` in cents: 2.50 up, 7 cents apart, so each price is distinct. */
export const generatedPrice = (i: number) => 250 + i * 7;
export const generatedItemId = (i: number) => `ITEM${String(i).padStart(5, '0')}`;
/** Item `i`'s alternate name: "Platillo i" for every sixth item (0, 6, 12...), else empty. */
export const spanishDishName = (i: number) => (i % 6 === 0 ? `Platillo ${i}` : '');

/**
 * `count` sellable items spread over six categories (listed in reverse sortOrder), every third
 * offering a required salsa, every fifth optional extras, every fourth tagged "Vegan" and "Gluten
 * Free", every seventh "Spicy 3", every sixth with a Spanish alternate name (`spanishDishName`);
 * `hidden` more items Clover hides. The salsa group and two modifiers carry a Spanish alternate
 * name ("Elige una salsa", "Chile habanero", "Queso extra"); the others send it empty or not at all.
 */
export function generateCatalogue(count: number, { hidden = 0, priceBump = 0 } = {}): CloverCatalogue {
  const categories = CATEGORY_NAMES.map((name, i) => ({ id: `CAT${i}`, name, sortOrder: i })).reverse();
  const modifierGroups = [
    {
      id: 'GRPSALSA',
      name: 'Choose a salsa',
      alternateName: 'Elige una salsa',
      minRequired: 1,
      maxAllowed: 1,
      showByDefault: false,
      modifiers: {
        elements: [
          { id: 'MODVERDE', name: 'Salsa verde', alternateName: '', price: 0, available: true },
          { id: 'MODROJA', name: 'Salsa roja', price: 0, available: true },
          { id: 'MODHABANERO', name: 'Habanero', alternateName: 'Chile habanero', price: 50, available: false },
        ],
      },
    },
    {
      id: 'GRPEXTRAS',
      name: 'Extras',
      alternateName: '',
      minRequired: 0,
      maxAllowed: 3,
      showByDefault: false,
      modifiers: {
        elements: [
          { id: 'MODGUAC', name: 'Guacamole', price: 175, available: true },
          { id: 'MODQUESO', name: 'Queso', alternateName: 'Queso extra', price: 125, available: true },
        ],
      },
    },
  ];
  const items = Array.from({ length: count + hidden }, (_, i) => ({
    id: generatedItemId(i),
    name: `Dish ${i}`,
    // The Spanish name the restaurant writes in Clover's "Alternate name" field: items 0, 6, 12...
    // have one; items 1, 7, 13... leave the field out; the rest send it empty, as Clover does for
    // an item whose alternate name was never filled in.
    ...(i % 6 === 1 ? {} : { alternateName: spanishDishName(i) }),
    price: generatedPrice(i) + priceBump,
    priceType: 'FIXED',
    unitName: '',
    hidden: i >= count,
    available: true,
    // The menu attributes (GET items?expand=menuItem): on the online menu, with its description;
    // the hidden ones are off it too.
    menuItem: { enabled: i < count, description: `House dish number ${i}` },
    categories: { elements: [{ id: `CAT${i % CATEGORY_NAMES.length}` }] },
    modifierGroups: {
      elements: [...(i % 3 === 0 ? [{ id: 'GRPSALSA' }] : []), ...(i % 5 === 0 ? [{ id: 'GRPEXTRAS' }] : [])],
    },
    // Labels the way a merchant types them in Clover's tag screen (GET items?expand=tags).
    tags: {
      elements: [
        ...(i % 4 === 0
          ? [
              { id: 'TAGVEGAN', name: 'Vegan' },
              { id: 'TAGGF', name: 'Gluten Free' },
            ]
          : []),
        ...(i % 7 === 0 ? [{ id: 'TAGHOT', name: 'Spicy 3' }] : []),
        ...(i % 2 === 0 ? [{ id: 'TAGLUNCH', name: 'Lunch special' }] : []),
      ],
    },
  }));
  return { categories, items, modifierGroups };
}
