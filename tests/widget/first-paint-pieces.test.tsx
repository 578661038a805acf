// The first paint draws the menu a few pieces a slice (widget/main.tsx), in the order the customer
// reads it: the bar's top (categories, search), the rest of the bar (diet filter, fees line), then
// each section's heading and its items. It reads the menu answer a category at a time, into the
// same menu the app reads at once.
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreHoursResponse } from '../../shared/api/schemas.ts';
import { FirstPaintView, pieceCount } from '../../widget/core/menu-view.tsx';
import { loadedMenu, loadedMenuInTurns } from '../../widget/menu-loading.ts';
import { menuSections } from '../../widget/menu-sections.ts';
import { smallMenus } from '../support/menu-server.ts';

const container = document.createElement('div');
afterEach(() => render(null, container));

/** The store closed for the night, taking orders for tomorrow. */
const closedHours: StoreHoursResponse = {
  open_now: { pickup: false, delivery: false },
  paused: false,
  next_opening: { pickup: '2026-11-21T18:00:00.000Z', delivery: '2026-11-21T18:00:00.000Z' },
  closed_message: { pickup: 'We open at 10:00 AM.', delivery: 'We open at 10:00 AM.' },
  slots: { pickup: ['2026-11-21T18:00:00.000Z'], delivery: [] },
};

/**
 * What the first paint shows with `shown` pieces drawn: the loading line, the bar's parts, then
 * headings and items in order, and the store notice.
 */
function drawnWith(shown: number, hours: StoreHoursResponse | null = null): string[] {
  const menu = loadedMenu(smallMenus);
  const sections = menuSections(menu.items);
  render(
    <FirstPaintView
      paint={{ status: 'ready', menu, sections, opening: null, shown, now: new Date('2026-11-20T19:00:00Z') }}
      hours={hours}
      apiOrigin=""
      languageSwitch={false}
      launcher={false}
      scrollPage={false}
    />,
    container,
  );
  const drawnParts = '.status, .menu-bar, .diet-filter, .fees, h2, [data-item], .store-notice';
  return [...container.querySelectorAll(drawnParts)].map((element) =>
    element.localName === 'h2'
      ? `heading ${element.textContent}`
      : (element.getAttribute('data-item') ?? element.className),
  );
}

describe('the first paint’s pieces', () => {
  it('draws the bar’s top alone, then the rest of the bar, then each heading before its items', () => {
    const bar = ['menu-bar', 'diet-filter', 'fees'];
    const tacos = ['heading Tacos', 'taco-plate', 'taco-pastor', 'taco-lengua'];
    const drinks = ['heading Bebidas', 'horchata', 'jamaica', 'jalapeno'];
    expect(drawnWith(0)).toEqual(['status']);
    expect(container.textContent).toBe('Loading...');
    expect(drawnWith(1)).toEqual(['menu-bar']);
    expect(drawnWith(2)).toEqual(bar);
    expect(drawnWith(3)).toEqual([...bar, 'heading Tacos']);
    expect(drawnWith(4)).toEqual([...bar, ...tacos.slice(0, 2)]);
    expect(drawnWith(6)).toEqual([...bar, ...tacos]);
    expect(drawnWith(7)).toEqual([...bar, ...tacos, 'heading Bebidas']);
    expect(drawnWith(10)).toEqual([...bar, ...tacos, ...drinks]);
  });

  it('says the store is closed once the whole menu is drawn, not before', () => {
    expect(drawnWith(9, closedHours)).not.toContain('store-notice');
    expect(drawnWith(10, closedHours).at(-1)).toBe('store-notice');
    expect(container.querySelector('.store-notice')?.textContent).toBe(
      'Closed We open at 10:00 AM. You can still order for a later time.',
    );
  });

  it('counts the whole menu’s pieces: the bar’s two, and each section’s heading and items', () => {
    expect(pieceCount(menuSections(loadedMenu(smallMenus).items))).toBe(10);
  });

  it('reads the menu a category at a time, with a turn after each, into the menu read at once', async () => {
    // A POS row that is no item (a placeholder numbered within its category) and a sold-out modifier.
    const [menu] = structuredClone(smallMenus);
    const drinks = menu!.categories[1]!;
    (drinks.menu_items as unknown[]).push({ name: 'No id' });
    menu!.categories[0]!.menu_items[0]!.modifier_groups[0]!.modifiers[0]!.available = false;
    let turns = 0;
    const read = await loadedMenuInTurns([menu], () => {
      turns += 1;
      return Promise.resolve();
    });
    expect(turns).toBe(2);
    expect(read).toEqual(loadedMenu([menu]));
    expect(read.items.at(-1)!.id).toBe('unknown:Bebidas::3');
    expect([...read.soldOut]).toEqual(['taco-lengua']);
    expect([...read.soldOutModifiers]).toEqual(['mod-asada']);
  });
});
