// How Clover's price types, $0 items, menu switches and sort orders become the online menu and its
// report, on Clover's published examples (tests/fixtures/clover/), without I/O.
import { describe, expect, it } from 'vitest';
import type { CloverItem, CloverModifierGroup } from '../../server/providers/menu/clover-client.ts';
import { cloverMenu } from '../../server/providers/menu/clover-menu.ts';
import { published } from '../support/clover-catalogue.ts';

const p = published();
const categories = [...p.bangersAndMash.categories.elements, ...p.pizza.categories.elements];
const menu = (items: CloverItem[], modifierGroups: CloverModifierGroup[] = []) =>
  cloverMenu({ categories, items, modifierGroups });
const offering = (item: CloverItem, ...groups: string[]): CloverItem => ({
  ...item,
  modifierGroups: { elements: groups.map((id) => ({ id })) },
});

describe('Clover price types, $0 items and the menu switch', () => {
  it('orders categories by sortOrder sent as a number or as a number in a string', () => {
    const { rows } = menu([p.bangersAndMash, p.pizza]);
    // Food "0" and From the Oven 0 before Italian 1; ties as Clover listed them.
    expect(rows.categories.map((c) => [c.name, c.position])).toEqual([
      ['Food', 0],
      ['From the Oven', 1],
      ['Italian', 2],
    ]);
    expect(rows.items.map((i) => [i.name, i.category_id, i.price_cents])).toEqual([
      ['Bangers and Mash', 'MHH9XR2YXZ4T4', 150],
      ['Pizza', '0AJNZP04JXB4G', 1499],
    ]);
  });

  it('keeps out a price type Clover may add later, and a PER_UNIT item with no unit name, saying so', () => {
    const { rows, notes } = menu([
      { ...p.pizzaSlice, priceType: 'PER_SLICE' },
      { ...p.itemUse, unitName: '' },
      p.nontaxItem,
    ]);
    expect(rows.items.map((i) => i.name)).toEqual(['Nontax Item']);
    expect(notes).toEqual([
      {
        item_id: '1CF022RN5TGDM',
        item_name: 'Pizza Slice',
        action: 'kept_out',
        reason: 'Clover price type "PER_SLICE" is not one the online menu can sell.',
      },
      {
        item_id: 'V33H8XGTZCKNP',
        item_name: 'Item Use',
        action: 'kept_out',
        reason:
          'Sold by the unit at the register (Clover price type Per unit): the quantity is weighed or measured there, so it is not sold online.',
      },
    ]);
  });

  it('a $0 item already needing a priced choice is left as Clover has it, with no note', () => {
    const sizes = {
      ...p.saladAddIn,
      minRequired: 1,
      maxAllowed: 1,
      modifiers: { elements: [p.tofu] },
    };
    const { rows, notes } = menu([offering({ ...p.caesarSalad, price: 0 }, sizes.id)], [sizes]);
    expect(notes).toEqual([]);
    expect(rows.groups).toMatchObject([{ id: 'QZ587JT76N80Y', min_required: 1, max_allowed: 1 }]);
  });

  it('a $0 item prefers a group whose every choice costs something over one with a free choice', () => {
    const dressing = {
      id: 'DRESSINGGROUP',
      name: 'Dressing',
      modifiers: {
        elements: [
          { ...p.tofu, id: 'DRESSINGNONE', name: 'No dressing', price: 0 },
          { ...p.tofu, id: 'DRESSINGRANCH', name: 'Ranch', price: 50 },
        ],
      },
    };
    const addIn = { ...p.saladAddIn, modifiers: { elements: [p.tofu] } };
    const { rows, notes } = menu([offering({ ...p.caesarSalad, price: 0 }, dressing.id, addIn.id)], [dressing, addIn]);
    expect(rows.groups.map((g) => [g.name, g.min_required, g.force_popup])).toEqual([
      ['Dressing', 0, false],
      ['Salad Add-in', 1, true],
    ]);
    expect(notes.map((n) => [n.item_name, n.action, n.reason])).toEqual([
      [
        'Caesar Salad',
        'changed',
        '$0 in Clover, priced by its choices: "Salad Add-in" is now required (at least 1), so it is never sold at $0.',
      ],
    ]);
  });

  it('a $0 item priced only by a group with a free choice gets it required, and the note says to price it', () => {
    const dressing = {
      id: 'DRESSINGGROUP',
      name: 'Dressing',
      modifiers: {
        elements: [
          { ...p.tofu, id: 'DRESSINGNONE', name: 'No dressing', price: 0 },
          { ...p.tofu, id: 'DRESSINGRANCH', name: 'Ranch', price: 50 },
        ],
      },
    };
    const { rows, notes } = menu([offering({ ...p.caesarSalad, price: 0 }, dressing.id)], [dressing]);
    expect(rows.groups).toMatchObject([{ id: 'DRESSINGGROUP', min_required: 1, force_popup: true }]);
    expect(notes.map((n) => n.reason)).toEqual([
      '$0 in Clover, priced by its choices: "Dressing" is now required (at least 1), but some of its choices are free too: give the item or those choices a price in Clover.',
    ]);
  });

  it('keeps out an item offering 100 or more groups, which Clover cuts at 100', () => {
    const groups = Array.from({ length: 100 }, (_, i) => `GROUP${i}`);
    const { rows, notes } = menu([offering(p.pizza, ...groups), p.bangersAndMash]);
    expect(rows.items.map((i) => i.name)).toEqual(['Bangers and Mash']);
    expect(notes).toEqual([
      {
        item_id: 'AK5ESN5YR8YWY',
        item_name: 'Pizza',
        action: 'kept_out',
        reason:
          'It offers 100 or more modifier groups, more than Clover lists for one item, so a required choice could be missing.',
      },
    ]);
  });

  it('lists the notes in Clover order, changed and kept out alike; a menu switch left unsaid falls back to hidden', () => {
    const addIn = { ...p.saladAddIn, modifiers: { elements: [p.tofu] } };
    const { rows, notes } = menu(
      [
        { ...p.porkRiceBowl, priceType: 'VARIABLE' },
        offering({ ...p.caesarSalad, price: 0 }, addIn.id),
        p.itemUse,
        { ...p.pizza, hidden: true, menuItem: { enabled: null } },
        { ...p.bangersAndMash, hidden: true, menuItem: { enabled: true } },
      ],
      [addIn],
    );
    expect(notes.map((n) => [n.item_name, n.action])).toEqual([
      ['Pork Rice Bowl with House Salad', 'kept_out'],
      ['Caesar Salad', 'changed'],
      ['Item Use', 'kept_out'],
    ]);
    expect(rows.items.map((i) => i.name)).toEqual(['Caesar Salad', 'Bangers and Mash']);
  });

  it('refuses a FIXED item with no price at all, naming it, so a broken answer never becomes half a menu', () => {
    expect(() => menu([{ ...p.pizza, price: null }])).toThrow(
      'Clover sent the price of item AK5ESN5YR8YWY as null, not a whole number of cents.',
    );
  });
});
