/**
 * Browsing the menu: a sticky bar of the categories (each jumps to its heading), a search box
 * that narrows the items by name whatever the case and accents, and the categories with their
 * subcategories and items. Opens at the category the page asked for, if any: on the restaurant's
 * own pages by scrolling to it; on a partner's page, whose scroll is not ours to move, by showing
 * it first. A category asked for later (the attribute changed) is opened the same way.
 */
import { useEffect, useRef, useState } from 'react';
import { feesSummary } from '../shared/pricing.ts';
import type { CartAction } from '../shared/cart.ts';
import type { MenuItem } from '../shared/menu.ts';
import { servedAt, windowsText } from '../shared/menu-windows.ts';
import { restaurant } from '../shared/restaurant.ts';
import type { DietFilter } from '../shared/diet.ts';
import { DietFilterBar } from './diet-filter.tsx';
import { MenuItemCard } from './menu-item-card.tsx';
import type { LoadedMenu } from './menu-loading.ts';
import { categoryId, menuSections, openingCategory } from './menu-sections.ts';
import { t, widgetIntlLocale } from './i18n.ts';

interface Props {
  menu: LoadedMenu;
  apiOrigin: string;
  initialCategory: string | null;
  /** The item a link names (`?item=ID`): shown, and its dialog opened unless it is sold out. */
  initialItem?: string | null;
  /** Whether opening at a category may scroll the page (the restaurant's own pages). */
  scrollPage: boolean;
  /** The first paint drew the menu and opened its category: the page is not scrolled there again. */
  resumed?: boolean;
  dispatch: (action: CartAction) => void;
  onAdded: (item: MenuItem) => void;
  /** Opens the item dialog for the item, from the button that asked. */
  onCustomize: (item: MenuItem, opener: HTMLElement) => void;
  /** The owner's live minimum delivery fee, for the fees line. */
  minimumFeeCents?: number;
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function MenuBrowser({
  menu,
  apiOrigin,
  initialCategory,
  initialItem = null,
  scrollPage,
  resumed = false,
  dispatch,
  onAdded,
  onCustomize,
  minimumFeeCents,
}: Props) {
  const allSections = menuSections(menu.items);
  const opening = openingCategory(allSections, initialCategory);
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<DietFilter[]>([]);
  // The first paint scrolled to the opening category already, and marked it as the current one.
  const [current, setCurrent] = useState<string | null>(resumed && scrollPage ? opening : null);
  const skipOpening = useRef(resumed);
  const sectionsRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLUListElement>(null);
  const first = scrollPage ? null : opening;
  const narrowed = query !== '' || filters.length > 0;
  const found = narrowed ? menuSections(menu.items, query, filters) : allSections;
  const matching = found.reduce(
    (sum, s) => sum + s.items.length + s.subcategories.reduce((n, sub) => n + sub.items.length, 0),
    0,
  );
  // The category opened at on a partner's page comes first, the others after it in their order.
  const sections = first ? [...found.filter((s) => s.name === first), ...found.filter((s) => s.name !== first)] : found;

  /** Scrolls to the category; a customer's jump also moves focus there, the page's opening one does not. */
  function jumpTo(name: string, byCustomer: boolean) {
    const index = allSections.findIndex((s) => s.name === name);
    const heading = sectionsRef.current?.querySelector<HTMLElement>(`#${categoryId(index)}`);
    if (!heading) return;
    setCurrent(name);
    heading.scrollIntoView?.({ behavior: byCustomer && !reducedMotion() ? 'smooth' : 'auto', block: 'start' });
    if (byCustomer) heading.focus({ preventScroll: true });
  }

  // Once, when the menu first shows: the linked item in view and its dialog open (focus returns
  // to its button). The page scrolls only on the restaurant's own pages.
  useEffect(() => {
    if (!initialItem) return;
    const item = menu.items.find((i) => i.id === initialItem);
    const card = [...(sectionsRef.current?.querySelectorAll<HTMLElement>('[data-item]') ?? [])].find(
      (element) => element.dataset.item === initialItem,
    );
    if (!item || !card) return;
    if (scrollPage) card.scrollIntoView?.({ block: 'center' });
    const button = card.querySelector<HTMLElement>('button.add');
    if (button && !menu.soldOut.has(item.id)) onCustomize(item, button);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is followed once, not on every render
  }, []);

  useEffect(() => {
    if (skipOpening.current) {
      skipOpening.current = false;
      return;
    }
    if (!opening) return;
    if (scrollPage) return jumpTo(opening, false);
    // Its button brought into view within the bar, which scrolls sideways; the page stays put.
    const bar = barRef.current;
    const chip = bar?.children[allSections.findIndex((s) => s.name === opening)] as HTMLElement | undefined;
    if (bar && chip) bar.scrollLeft = chip.offsetLeft - bar.offsetLeft;
    // When the menu first shows and when the page names another category, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- allSections is new each render; the menu is loaded once
  }, [opening, scrollPage]);

  return (
    <div className="menu">
      <div className="menu-bar">
        <nav aria-label={t('menu.categories')}>
          <ul className="categories" ref={barRef}>
            {allSections.map((section) => (
              <li key={section.name}>
                <button
                  type="button"
                  className="category-link"
                  aria-current={(current ?? first) === section.name ? 'location' : undefined}
                  onClick={() => {
                    setQuery('');
                    setFilters([]);
                    // The heading may be hidden by the search until the next render.
                    setTimeout(() => jumpTo(section.name, true));
                  }}
                >
                  {section.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <label className="search">
          <span>{t('menu.search')}</span>
          <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} autoComplete="off" />
        </label>
      </div>
      <DietFilterBar chosen={filters} onChange={setFilters} matching={matching} />
      <p className="fees">{feesSummary(t, minimumFeeCents)}</p>
      <div ref={sectionsRef}>
        {sections.length === 0 && (
          <p className="empty" role="status">
            {query ? t('menu.noMatch', { query }) : t('menu.noDietMatch')}
          </p>
        )}
        {sections.map((section, sectionIndex) => {
          const id = categoryId(allSections.findIndex((s) => s.name === section.name));
          return (
            <section key={section.name} className="category" aria-labelledby={id}>
              <h2 id={id} tabIndex={-1}>
                {section.name}
              </h2>
              {section.windows && (
                <p className="served">
                  {t('menu.servedOnly', { times: windowsText(section.windows, widgetIntlLocale()) })}
                </p>
              )}
              <ItemList
                items={section.items}
                level={3}
                firstOnScreen={sectionIndex === 0}
                {...{ menu, apiOrigin, dispatch, onAdded, onCustomize }}
              />
              {section.subcategories.map((sub) => (
                <div key={sub.name} className="subcategory">
                  <h3>{sub.name}</h3>
                  <ItemList items={sub.items} level={4} {...{ menu, apiOrigin, dispatch, onAdded, onCustomize }} />
                </div>
              ))}
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** Photos in the first screenful (two on a phone, four on a wide screen) load at once. */
const EAGER_PHOTOS = 4;

function ItemList(props: {
  items: MenuItem[];
  level: 3 | 4;
  /** The list a customer sees first: its first photos load at once, not when scrolled to. */
  firstOnScreen?: boolean;
  menu: LoadedMenu;
  apiOrigin: string;
  dispatch: (action: CartAction) => void;
  onAdded: (item: MenuItem) => void;
  onCustomize: (item: MenuItem, opener: HTMLElement) => void;
}) {
  if (props.items.length === 0) return null;
  return (
    <ul className="items">
      {props.items.map((item, index) => (
        <MenuItemCard
          key={item.id}
          item={item}
          eagerPhoto={props.firstOnScreen === true && index < EAGER_PHOTOS}
          soldOut={props.menu.soldOut.has(item.id)}
          notServedNow={!servedAt(item.windows, new Date(), restaurant.ordering.timeZone)}
          apiOrigin={props.apiOrigin}
          headingLevel={props.level}
          dispatch={props.dispatch}
          onAdded={props.onAdded}
          onCustomize={props.onCustomize}
        />
      ))}
    </ul>
  );
}
