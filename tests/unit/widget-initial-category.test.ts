import { describe, expect, it } from 'vitest';
import { initialCategoryOf } from '../../widget/initial-category.ts';

const host = (category: string | null) => ({ getAttribute: (name: string) => (name === 'category' ? category : null) });

describe('the category the widget opens at', () => {
  it('comes from ?category= in the address first, then from the host element', () => {
    expect(initialCategoryOf('https://x.example/order/?category=Bebidas', host('Tacos'))).toBe('Bebidas');
    expect(initialCategoryOf('https://x.example/order/?category=Platos%20Fuertes', host(null))).toBe('Platos Fuertes');
    expect(initialCategoryOf('https://x.example/order/', host(' Tacos '))).toBe('Tacos');
  });

  it('is null when neither names one, or the address does not parse', () => {
    expect(initialCategoryOf('https://x.example/order/?category=', host(''))).toBeNull();
    expect(initialCategoryOf('not a url', host(null))).toBeNull();
  });
});
