import { describe, expect, it } from 'vitest';
import {
  dietFiltersOf,
  dietTagsOf,
  passesDietFilters,
  spiceLevelOf,
  suitableForDiet,
  type DietTag,
} from '../../shared/diet.ts';

const dish = (...diet: DietTag[]) => ({ diet });

describe('diet filters', () => {
  it('a vegan dish passes the vegetarian filter; a vegetarian one does not pass the vegan filter', () => {
    expect(passesDietFilters(dish('vegan'), ['vegetarian'])).toBe(true);
    expect(passesDietFilters(dish('vegetarian'), ['vegan'])).toBe(false);
    expect(passesDietFilters(dish('vegetarian'), ['vegetarian'])).toBe(true);
  });

  it('every filter that is on must pass: vegan and gluten-free together', () => {
    expect(passesDietFilters(dish('vegan', 'gluten-free'), ['vegan', 'gluten-free'])).toBe(true);
    expect(passesDietFilters(dish('vegan'), ['vegan', 'gluten-free'])).toBe(false);
    expect(passesDietFilters(dish(), [])).toBe(true);
  });

  it('"No nuts" hides what contains nuts and keeps what is not tagged', () => {
    expect(passesDietFilters(dish('vegan', 'contains-nuts'), ['nut-free'])).toBe(false);
    expect(passesDietFilters(dish(), ['nut-free'])).toBe(true);
  });
});

describe('reading tags from anywhere', () => {
  it('keeps known tags once, in vocabulary order, and drops the rest', () => {
    expect(dietTagsOf(['gluten-free', 'vegan', 'paleo', 'vegan', 3])).toEqual(['vegan', 'gluten-free']);
    expect(dietTagsOf('vegan')).toEqual([]);
    expect(dietFiltersOf(['nut-free', 'vegan', 'keto'])).toEqual(['vegan', 'nut-free']);
  });

  it('reads a spice level from 0 to 3 and anything else as 0', () => {
    expect([0, 1, 3, 4, -1, 1.5, '2', null].map(spiceLevelOf)).toEqual([0, 1, 3, 0, 0, 0, 0, 0]);
  });
});

describe('words and structured data', () => {
  it('names only the schema.org diets that match exactly', () => {
    expect(suitableForDiet(dish('vegan', 'gluten-free', 'dairy-free'))).toEqual([
      'https://schema.org/VeganDiet',
      'https://schema.org/VegetarianDiet',
      'https://schema.org/GlutenFreeDiet',
    ]);
    expect(suitableForDiet(dish('dairy-free', 'contains-nuts'))).toEqual([]);
  });
});
