import { describe, expect, it } from 'vitest';
import type { CloverItem } from '../../server/providers/menu/clover-client.ts';
import { menuRowsFromClover, OTHER_CATEGORY } from '../../server/providers/menu/clover-menu.ts';

const categories = [
  { id: 'CATDRINKS', name: 'Drinks', sortOrder: 2 },
  { id: 'CATTACOS', name: 'Tacos', sortOrder: 1 },
];
const salsa = {
  id: 'GRPSALSA',
  name: 'Choose a salsa',
  minRequired: 1,
  maxAllowed: 1,
  showByDefault: false,
  modifiers: {
    elements: [
      { id: 'MODVERDE', name: 'Salsa verde', price: 0, available: true },
      { id: 'MODHABANERO', name: 'Habanero', price: 50, available: false },
    ],
  },
};
const extras = {
  id: 'GRPEXTRAS',
  name: 'Extras',
  minRequired: 0,
  maxAllowed: 0,
  showByDefault: true,
  modifiers: { elements: [{ id: 'MODGUAC', name: 'Guacamole', price: 175 }] },
};
const notes = {
  id: 'GRPNOTES',
  name: 'Notes',
  minRequired: 0,
  maxAllowed: 2,
  showByDefault: false,
  modifiers: { elements: [] },
};

function item(id: string, more: Partial<CloverItem> = {}): CloverItem {
  return {
    id,
    name: `Item ${id}`,
    price: 425,
    hidden: false,
    available: true,
    categories: { elements: [{ id: 'CATTACOS' }] },
    modifierGroups: { elements: [] },
    ...more,
  };
}

const map = (items: CloverItem[]) => menuRowsFromClover({ categories, items, modifierGroups: [salsa, extras, notes] });

describe('Clover inventory as menu rows', () => {
  it('keeps Clover prices in cents: 425 is a $4.25 taco and a 175 guacamole is $1.75', () => {
    const rows = map([item('ASADA', { price: 425 })]);
    expect(rows.items[0]).toMatchObject({
      id: 'ASADA',
      clover_id: 'ASADA',
      price_cents: 425,
      photo: null,
      is_special: false,
    });
    expect(rows.modifiers.find((m) => m.id === 'MODGUAC')).toMatchObject({
      price_cents: 175,
      modifier_group_id: 'GRPEXTRAS',
    });
  });

  it('leaves hidden items off the menu', () => {
    const rows = map([item('ASADA'), item('STAFFMEAL', { hidden: true })]);
    expect(rows.items.map((i) => i.id)).toEqual(['ASADA']);
  });

  it('keeps an item and a modifier Clover marks unavailable, marked unavailable', () => {
    const rows = map([item('ASADA'), item('LENGUA', { available: false })]);
    expect(rows.items.map((i) => [i.id, i.available])).toEqual([
      ['ASADA', true],
      ['LENGUA', false],
    ]);
    expect(rows.modifiers.map((m) => [m.id, m.available])).toEqual([
      ['MODVERDE', true],
      ['MODHABANERO', false],
      ['MODGUAC', true],
    ]);
  });

  it('a required group pops up; a group shown by default pops up; an optional one does not', () => {
    const groups = new Map(map([]).groups.map((g) => [g.id, g]));
    expect(groups.get('GRPSALSA')).toEqual({
      id: 'GRPSALSA',
      name: 'Choose a salsa',
      force_popup: true,
      min_required: 1,
      max_allowed: 1,
      translations: {},
    });
    // Clover's maxAllowed 0 (or none) is "no limit", stored as the table's 99.
    expect(groups.get('GRPEXTRAS')).toEqual({
      id: 'GRPEXTRAS',
      name: 'Extras',
      force_popup: true,
      min_required: 0,
      max_allowed: 99,
      translations: {},
    });
    expect(groups.get('GRPNOTES')).toMatchObject({ force_popup: false, min_required: 0, max_allowed: 2 });
  });

  it('an item offers its groups in Clover order, skipping a group Clover no longer has', () => {
    const rows = map([
      item('ASADA', { modifierGroups: { elements: [{ id: 'GRPEXTRAS' }, { id: 'GONE' }, { id: 'GRPSALSA' }] } }),
    ]);
    expect(rows.itemGroups).toEqual([
      { menu_item_id: 'ASADA', modifier_group_id: 'GRPEXTRAS', position: 0 },
      { menu_item_id: 'ASADA', modifier_group_id: 'GRPSALSA', position: 1 },
    ]);
  });

  it('orders categories by sortOrder and items by Clover order within each', () => {
    const rows = map([
      item('HORCHATA', { categories: { elements: [{ id: 'CATDRINKS' }] } }),
      item('ASADA'),
      item('PASTOR'),
    ]);
    expect(rows.categories).toEqual([
      { id: 'CATTACOS', name: 'Tacos', position: 0, translations: {} },
      { id: 'CATDRINKS', name: 'Drinks', position: 1, translations: {} },
    ]);
    expect(rows.items.map((i) => [i.id, i.category_id, i.position])).toEqual([
      ['HORCHATA', 'CATDRINKS', 0],
      ['ASADA', 'CATTACOS', 0],
      ['PASTOR', 'CATTACOS', 1],
    ]);
  });

  it('an item in two categories is listed once, in the one earlier on the menu', () => {
    const rows = map([item('COMBO', { categories: { elements: [{ id: 'CATDRINKS' }, { id: 'CATTACOS' }] } })]);
    expect(rows.items.map((i) => [i.id, i.category_id])).toEqual([['COMBO', 'CATTACOS']]);
  });

  it('an item in no category goes under a last category "Other", made only when needed', () => {
    expect(map([item('ASADA')]).categories.map((c) => c.name)).toEqual(['Tacos', 'Drinks']);
    const rows = map([item('ASADA'), item('NOWHERE', { categories: { elements: [] } })]);
    expect(rows.categories.at(-1)).toEqual({ ...OTHER_CATEGORY, name: 'Other', position: 2, translations: {} });
    expect(rows.items.find((i) => i.id === 'NOWHERE')?.category_id).toBe(OTHER_CATEGORY.id);
  });

  it('refuses a price that is not whole cents, naming the item', () => {
    expect(() => map([item('ASADA', { price: 4.25 })])).toThrow(
      'Clover sent the price of item ASADA as 4.25, not a whole number of cents.',
    );
  });

  it("reads diet tags and the spice level from the item's Clover tags, whatever their case or spelling", () => {
    const tags = (...names: string[]) => ({ elements: names.map((name, i) => ({ id: `TAG${i}`, name })) });
    const rows = map([
      item('HONGOS', { tags: tags('vegetarian', 'GLUTEN-FREE', 'Picante') }),
      item('MOLE', { tags: tags('Contains Nuts', 'Dairy Free', 'Mild', 'Hot') }),
      item('PLAIN', { tags: tags('Lunch special') }),
      item('UNTAGGED'),
    ]);
    expect(rows.items.map((row) => [row.id, row.diet, row.spice_level])).toEqual([
      ['HONGOS', ['vegetarian', 'gluten-free'], 2],
      ['MOLE', ['dairy-free', 'contains-nuts'], 3],
      ['PLAIN', [], 0],
      ['UNTAGGED', [], 0],
    ]);
  });

  it("takes an item's Clover alternate name as its Spanish name, trimmed; empty, blank or absent is none", () => {
    const rows = map([
      item('ASADA', { name: 'Asada Taco', alternateName: 'Taco de Asada' }),
      item('PASTOR', { alternateName: '  Taco al Pastor ' }),
      item('EMPTY', { alternateName: '' }),
      item('BLANK', { alternateName: '   ' }),
      item('NULL', { alternateName: null }),
      item('ABSENT'),
    ]);
    expect(rows.items.map((row) => [row.id, row.name, row.translations])).toEqual([
      ['ASADA', 'Asada Taco', { es: { name: 'Taco de Asada' } }],
      ['PASTOR', 'Item PASTOR', { es: { name: 'Taco al Pastor' } }],
      ['EMPTY', 'Item EMPTY', {}],
      ['BLANK', 'Item BLANK', {}],
      ['NULL', 'Item NULL', {}],
      ['ABSENT', 'Item ABSENT', {}],
    ]);
    // Clover has no translated description, and no alternate name on categories.
    expect(rows.categories.map((c) => c.translations)).toEqual([{}, {}]);
  });

  it("takes a modifier group's and a modifier's Clover alternate name as its Spanish name, trimmed; empty, blank or absent is none", () => {
    const protein = {
      id: 'GRPPROTEIN',
      name: 'Choose a protein',
      alternateName: ' Elige una proteína ',
      minRequired: 1,
      maxAllowed: 1,
      modifiers: {
        elements: [
          { id: 'MODASADA', name: 'Carne asada', alternateName: 'Carne asada', price: 0 },
          { id: 'MODHONGOS', name: 'Mushrooms', alternateName: '  Hongos al ajillo  ', price: 0 },
          { id: 'MODEMPTY', name: 'Chorizo', alternateName: '', price: 0 },
          { id: 'MODBLANK', name: 'Lengua', alternateName: '   ', price: 200 },
          { id: 'MODNULL', name: 'Birria', alternateName: null, price: 150 },
          { id: 'MODABSENT', name: 'Carnitas', price: 0 },
        ],
      },
    };
    const cheese = {
      id: 'GRPCHEESE',
      name: 'Add cheese',
      alternateName: '',
      modifiers: { elements: [{ id: 'MODQUESO', name: 'Extra cheese', alternateName: 'Queso extra', price: 100 }] },
    };
    const rows = menuRowsFromClover({
      categories,
      items: [item('ASADA')],
      modifierGroups: [protein, cheese, { ...notes, alternateName: '   ' }, { ...extras, alternateName: null }],
    });
    expect(rows.groups.map((g) => [g.id, g.name, g.translations])).toEqual([
      ['GRPPROTEIN', 'Choose a protein', { es: { name: 'Elige una proteína' } }],
      ['GRPCHEESE', 'Add cheese', {}],
      ['GRPNOTES', 'Notes', {}],
      ['GRPEXTRAS', 'Extras', {}],
    ]);
    expect(rows.modifiers.map((m) => [m.id, m.name, m.translations])).toEqual([
      ['MODASADA', 'Carne asada', { es: { name: 'Carne asada' } }],
      ['MODHONGOS', 'Mushrooms', { es: { name: 'Hongos al ajillo' } }],
      ['MODEMPTY', 'Chorizo', {}],
      ['MODBLANK', 'Lengua', {}],
      ['MODNULL', 'Birria', {}],
      ['MODABSENT', 'Carnitas', {}],
      ['MODQUESO', 'Extra cheese', { es: { name: 'Queso extra' } }],
      ['MODGUAC', 'Guacamole', {}],
    ]);
    // Without an alternate name anywhere, every group and modifier sends {}.
    const plain = map([]);
    expect([...plain.groups, ...plain.modifiers].map((row) => row.translations)).toEqual(
      [...plain.groups, ...plain.modifiers].map(() => ({})),
    );
  });
});
