import { describe, expect, it } from 'vitest';
import { parseStoredCart, serializeCart } from '../../shared/cart-storage.ts';
import { emptyCart } from '../../shared/cart.ts';
import {
  categoryKeyOf,
  chooseMenu,
  flattenMenu,
  needsItemDialog,
  priceOf,
  type MenuSource,
} from '../../shared/menu.ts';
import { menuSections, openingCategory } from '../../widget/menu-sections.ts';

const menu: MenuSource = {
  name: 'Taquería El Comal',
  categories: [
    {
      name: 'Tacos',
      menu_items: [
        {
          id: 101,
          name: 'Taco de Asada',
          description: 'Grilled steak',
          base_price: '4.25',
          is_special: true,
          clover_id: 'CLV1',
          photo: '/images/asada.jpg',
          modifier_groups: [
            {
              id: 'g1',
              name: 'Salsa',
              force_popup: true,
              min_required: 1,
              max_allowed: 1,
              modifiers: [
                { id: 'm1', name: 'Verde', price: '0' },
                { id: 'm2', name: 'Roja', price: '0.25' },
              ],
            },
            { id: 'g2', name: 'Extras', modifiers: [{ id: 'm3', name: 'Guacamole', price: '1.75' }] },
          ],
        },
        null,
      ],
      subcategories: [{ name: 'Vegetarian', menu_items: [{ id: '102', name: 'Taco de Nopales', base_price: 3.75 }] }],
    },
    { name: 'Drinks', menu_items: [{ id: 'h1', name: 'Horchata', base_price: 'three dollars' }] },
  ],
};

describe('menu flattening', () => {
  const items = flattenMenu(menu);

  it('lists every item of every category and subcategory in menu order', () => {
    expect(items.map((i) => [i.name, i.categoryName, i.subcategoryName])).toEqual([
      ['Taco de Asada', 'Tacos', undefined],
      ['Menu Item', 'Tacos', undefined],
      ['Taco de Nopales', 'Tacos', 'Vegetarian'],
      ['Horchata', 'Drinks', undefined],
    ]);
  });

  it('turns string prices into numbers', () => {
    expect(items[0]!.base_price).toBe(4.25);
    expect(items[0]!.modifier_groups[0]!.modifiers[1]!.price).toBe(0.25);
    expect(items[2]!.base_price).toBe(3.75);
    expect(items[0]!.id).toBe('101');
  });

  it('fills modifier group defaults: not forced, min 0, max 99', () => {
    expect(items[0]!.modifier_groups[1]).toMatchObject({ force_popup: false, min_required: 0, max_allowed: 99 });
    expect(items[0]!.modifier_groups[0]).toMatchObject({ force_popup: true, min_required: 1, max_allowed: 1 });
  });

  it("replaces an unknown entry with a placeholder named 'Menu Item' at price 0", () => {
    expect(items[1]).toMatchObject({ name: 'Menu Item', base_price: 0, modifier_groups: [], is_special: false });
    expect(items[1]!.id).not.toBe(items[0]!.id);
  });

  it('reads an unreadable price as 0', () => {
    expect(items[3]!.base_price).toBe(0);
    expect(priceOf('$12.50')).toBe(12.5);
    expect(priceOf(-1)).toBe(0);
  });

  it('knows which items must open the item dialog', () => {
    expect(needsItemDialog(items[0]!)).toBe(true);
    expect(needsItemDialog(items[2]!)).toBe(false);
  });
});

describe('choosing the menu', () => {
  it('picks the restaurant’s menu by name', () => {
    expect(chooseMenu([{ name: 'Other', categories: [] }, menu], 'Taquería El Comal')).toBe(menu);
  });
  it("says 'No menus returned from the API' for an empty or missing answer", () => {
    expect(() => chooseMenu([], 'X')).toThrow(new Error('No menus returned from the API'));
    expect(() => chooseMenu({ menus: [] }, 'X')).toThrow(new Error('No menus returned from the API'));
  });
  it('names the menu it could not find', () => {
    expect(() => chooseMenu([{ name: 'Lunch', categories: [] }], 'Taquería El Comal')).toThrow(
      new Error('Could not find "Taquería El Comal".'),
    );
  });
});

describe('sold-out entries', () => {
  it('keep available: false through flattening, for items and modifiers; others carry no flag', () => {
    const [soldOut, open] = flattenMenu({
      name: 'M',
      categories: [
        {
          name: 'Sides',
          menu_items: [
            { id: 'elote', name: 'Elote', base_price: '4.00', available: false },
            {
              id: 'chips',
              name: 'Chips',
              base_price: '3.00',
              modifier_groups: [
                {
                  id: 'g',
                  name: 'Salsa',
                  modifiers: [
                    { id: 'roja', name: 'Roja', price: '0', available: false },
                    { id: 'verde', name: 'Verde', price: '0' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(soldOut!.available).toBe(false);
    expect('available' in open!).toBe(false);
    expect(open!.modifier_groups[0]!.modifiers).toEqual([
      { id: 'roja', name: 'Roja', price: 0, available: false },
      { id: 'verde', name: 'Verde', price: 0 },
    ]);
  });
});

describe('modifier groups and modifiers in a language', () => {
  const spanishMenu: MenuSource = {
    name: 'M',
    categories: [
      {
        name: 'Tacos',
        translations: { es: { name: 'Tacos' } },
        menu_items: [
          {
            id: 'asada',
            name: 'Taco de Asada',
            base_price: '4.25',
            translations: { es: { name: 'Taco de Asada' } },
            modifier_groups: [
              {
                id: 'protein',
                name: 'Choose a protein',
                translations: { es: { name: 'Elige una proteína' } },
                min_required: 1,
                max_allowed: 1,
                modifiers: [
                  { id: 'carne', name: 'Carne asada', price: '0', translations: { es: { name: 'Carne asada' } } },
                  {
                    id: 'hongos',
                    name: 'Mushrooms (vegetarian)',
                    price: '0',
                    translations: { es: { name: 'Hongos al ajillo (vegetariano)' } },
                  },
                  // No Spanish, blank Spanish, Spanish that is not text: the English name.
                  { id: 'lengua', name: 'Lengua', price: '2.00', translations: {} },
                  { id: 'chorizo', name: 'Chorizo', price: '0', translations: { es: { name: '  ' } } },
                  { id: 'birria', name: 'Birria', price: '1.50', translations: { es: { name: 7 } } },
                ],
              },
              {
                id: 'extras',
                name: 'Add extras',
                translations: { es: { name: 'Agrega extras' } },
                modifiers: [
                  { id: 'queso', name: 'Extra cheese', price: '1.25', translations: { es: { name: 'Queso extra' } } },
                  { id: 'guac', name: 'Guacamole', price: '1.75' },
                ],
              },
              { id: 'hold', name: 'Leave off', modifiers: [{ id: 'no-onion', name: 'No onion', price: '0' }] },
            ],
          },
        ],
      },
    ],
  };
  const namesOf = (item: ReturnType<typeof flattenMenu>[number]) =>
    item.modifier_groups.map((g) => [g.name, g.modifiers.map((m) => m.name)]);

  it('names groups and modifiers in Spanish from their translations, else in English', () => {
    const [asada] = flattenMenu(spanishMenu, 'es');
    expect(namesOf(asada!)).toEqual([
      ['Elige una proteína', ['Carne asada', 'Hongos al ajillo (vegetariano)', 'Lengua', 'Chorizo', 'Birria']],
      ['Agrega extras', ['Queso extra', 'Guacamole']],
      ['Leave off', ['No onion']],
    ]);
    // Everything else about the group and its modifiers is as in English.
    expect(asada!.modifier_groups[0]).toMatchObject({ id: 'protein', min_required: 1, max_allowed: 1 });
    expect(asada!.modifier_groups[1]!.modifiers[0]).toEqual({ id: 'queso', name: 'Queso extra', price: 1.25 });
  });

  it('keeps the English names by default and in English', () => {
    const english = [
      ['Choose a protein', ['Carne asada', 'Mushrooms (vegetarian)', 'Lengua', 'Chorizo', 'Birria']],
      ['Add extras', ['Extra cheese', 'Guacamole']],
      ['Leave off', ['No onion']],
    ];
    expect(namesOf(flattenMenu(spanishMenu)[0]!)).toEqual(english);
    expect(namesOf(flattenMenu(spanishMenu, 'en')[0]!)).toEqual(english);
    expect(flattenMenu(spanishMenu)[0]!.modifier_groups[1]!.modifiers[0]).toEqual({
      id: 'queso',
      name: 'Extra cheese',
      price: 1.25,
    });
  });
});

describe('a category named in another language', () => {
  const bilingual: MenuSource = {
    name: 'M',
    categories: [
      {
        name: 'Drinks',
        translations: { es: { name: 'Bebidas' } },
        menu_items: [{ id: 'horchata', name: 'Horchata', base_price: '3.50' }],
      },
      {
        name: 'Catering',
        translations: { es: { name: 'Banquetes' } },
        menu_items: [{ id: 'taco-bar', name: 'Taco Bar', base_price: '150' }],
      },
    ],
  };

  it('keeps the menu’s own name beside the customer’s, for the catering rule and a page’s category', () => {
    const [horchata, tacoBar] = flattenMenu(bilingual, 'es');
    expect([horchata!.categoryName, categoryKeyOf(horchata!)]).toEqual(['Bebidas', 'Drinks']);
    expect([tacoBar!.categoryName, categoryKeyOf(tacoBar!)]).toEqual(['Banquetes', 'Catering']);
    // In English the two are one, and nothing more is stored.
    const [english] = flattenMenu(bilingual, 'en');
    expect(english!.categoryKey).toBeUndefined();
    expect(categoryKeyOf(english!)).toBe('Drinks');
  });

  it('keeps it in a cart stored and read back', () => {
    const [, tacoBar] = flattenMenu(bilingual, 'es');
    const cart = { ...emptyCart, items: [{ id: 'taco-bar', menuItem: tacoBar!, quantity: 1, selectedModifiers: [] }] };
    const [line] = parseStoredCart(serializeCart(cart)).items;
    expect(categoryKeyOf(line!.menuItem)).toBe('Catering');
  });

  it.each([
    ['the customer’s language', 'bebidas'],
    ['the menu’s own, as a partner’s page names it for every visitor', 'DRINKS'],
  ])('a Spanish menu opens at the category named in %s', (_, asked) => {
    expect(openingCategory(menuSections(flattenMenu(bilingual, 'es')), asked)).toBe('Bebidas');
  });
});
