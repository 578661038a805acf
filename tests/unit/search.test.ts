import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from '../../shared/search.ts';

describe('menu search', () => {
  it('folds case, accents and spaces', () => {
    expect(foldForSearch('  Taquería  El   COMAL ')).toBe('taqueria el comal');
    expect(foldForSearch('Jalapeño')).toBe('jalapeno');
  });

  it('matches a part of the name whatever the accents and case', () => {
    expect(matchesSearch('Jalapeño Poppers', 'jalapeno')).toBe(true);
    expect(matchesSearch('Agua de Jamaica', 'JAMAICA')).toBe(true);
    expect(matchesSearch('Tacos al Pastor', 'pastór')).toBe(true);
    expect(matchesSearch('Horchata', 'asada')).toBe(false);
  });

  it('lets an empty or blank query match everything', () => {
    expect(matchesSearch('Horchata', '')).toBe(true);
    expect(matchesSearch('Horchata', '   ')).toBe(true);
  });
});
