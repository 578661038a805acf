// The rules of choosing modifiers, at the boundaries of min_required / max_allowed.
import { describe, expect, it } from 'vitest';
import type { ModifierGroup } from '../../shared/menu.ts';
import {
  chosenModifiers,
  groupRule,
  isAtMax,
  isChoiceComplete,
  noChoice,
  requiredMessage,
  stillRequired,
  toggleModifier,
  type ModifierChoice,
} from '../../shared/modifier-choice.ts';
import { translator } from '../../shared/i18n/translator.ts';

const english = translator('en');

const group = (id: string, min: number, max: number, count = 5): ModifierGroup => ({
  id,
  name: id,
  force_popup: false,
  min_required: min,
  max_allowed: max,
  modifiers: Array.from({ length: count }, (_, i) => ({ id: `${id}-${i}`, name: `${id} ${i}`, price: i * 0.5 })),
});
const pick = (g: ModifierGroup, ...indexes: number[]) =>
  indexes.reduce<ModifierChoice>((c, i) => toggleModifier(c, g, `${g.id}-${i}`), noChoice);

describe('min 1 max 1 (radio)', () => {
  const g = group('Tortilla', 1, 1, 3);
  it('requires one, and a new choice replaces the old', () => {
    expect(stillRequired(noChoice, g)).toBe(1);
    expect(isChoiceComplete(noChoice, [g])).toBe(false);
    expect(requiredMessage(noChoice, [g], english)).toBe('Choose 1 more for Tortilla.');
    const c = pick(g, 0, 2);
    expect(c).toEqual({ Tortilla: ['Tortilla-2'] });
    expect(stillRequired(c, g)).toBe(0);
    expect(isChoiceComplete(c, [g])).toBe(true);
    expect(requiredMessage(c, [g], english)).toBe('');
  });
  it('keeps the choice when the chosen one is chosen again', () => {
    expect(pick(g, 1, 1)).toEqual({ Tortilla: ['Tortilla-1'] });
  });
  it('says Choose 1', () => expect(groupRule(g, english)).toBe('Choose 1'));
});

describe('min 2 max 3 (checkboxes)', () => {
  const g = group('Salsas', 2, 3);
  it('needs two, stops at three, and takes a choice back', () => {
    expect(requiredMessage(pick(g, 0), [g], english)).toBe('Choose 1 more for Salsas.');
    expect(isChoiceComplete(pick(g, 0), [g])).toBe(false);
    expect(isChoiceComplete(pick(g, 0, 1), [g])).toBe(true);
    const three = pick(g, 0, 1, 2);
    expect(isAtMax(three, g)).toBe(true);
    expect(toggleModifier(three, g, 'Salsas-3')).toBe(three); // refused at the max
    expect(isAtMax(pick(g, 0, 1), g)).toBe(false);
    const back = toggleModifier(three, g, 'Salsas-1');
    expect(back).toEqual({ Salsas: ['Salsas-0', 'Salsas-2'] });
    expect(isChoiceComplete(back, [g])).toBe(true);
    expect(isChoiceComplete(toggleModifier(back, g, 'Salsas-0'), [g])).toBe(false);
  });
  it('says Choose 2 to 3, or at least 2 when the max is not a limit', () => {
    expect(groupRule(g, english)).toBe('Choose 2 to 3');
    expect(groupRule(group('X', 2, 99), english)).toBe('Choose at least 2');
    expect(groupRule(group('X', 2, 2), english)).toBe('Choose 2');
  });
});

describe('min 0 max 99 (the defaults)', () => {
  const g = group('Extras', 0, 99, 4);
  it('is complete with nothing and with everything', () => {
    expect(isChoiceComplete(noChoice, [g])).toBe(true);
    expect(stillRequired(noChoice, g)).toBe(0);
    const all = pick(g, 0, 1, 2, 3);
    expect(all.Extras).toHaveLength(4);
    expect(isAtMax(all, g)).toBe(false);
    expect(isChoiceComplete(all, [g])).toBe(true);
  });
  it('says Choose up to the number of modifiers', () => {
    expect(groupRule(g, english)).toBe('Choose up to 4');
    expect(groupRule(group('X', 0, 3), english)).toBe('Choose up to 3');
  });
});

describe('several groups', () => {
  const a = group('Tortilla', 1, 1, 2);
  const b = group('Salsas', 2, 3, 4);
  it('lists what each still needs and gives the modifiers in menu order', () => {
    expect(requiredMessage(noChoice, [a, b], english)).toBe('Choose 1 more for Tortilla. Choose 2 more for Salsas.');
    let c = toggleModifier(noChoice, b, 'Salsas-3');
    c = toggleModifier(c, b, 'Salsas-1');
    c = toggleModifier(c, a, 'Tortilla-1');
    expect(isChoiceComplete(c, [a, b])).toBe(true);
    expect(chosenModifiers(c, [a, b])).toEqual([
      { id: 'Tortilla-1', name: 'Tortilla 1', price: 0.5 },
      { id: 'Salsas-1', name: 'Salsas 1', price: 0.5 },
      { id: 'Salsas-3', name: 'Salsas 3', price: 1.5 },
    ]);
  });
  it('does not repeat a group name that already asks: "Choose a protein.", then "Choose 2 proteins: 1 more."', () => {
    const protein = group('Choose a protein', 1, 1, 3);
    const two = group('Choose 2 proteins', 2, 2, 4);
    const extras = group('Add extras:', 1, 3, 4);
    expect(requiredMessage(noChoice, [protein, two, extras], english)).toBe(
      'Choose a protein. Choose 2 proteins. Add extras.',
    );
    const one = toggleModifier(noChoice, two, 'Choose 2 proteins-0');
    expect(requiredMessage(one, [protein, two], english)).toBe('Choose a protein. Choose 2 proteins: 1 more.');
  });
  it('ignores a modifier that is not in the group', () => {
    expect(toggleModifier(noChoice, a, 'Salsas-0')).toBe(noChoice);
  });
});
