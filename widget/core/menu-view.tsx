/**
 * The menu as the first paint draws it, before the ordering app has arrived: the same elements,
 * classes and words the app's menu (widget/menu-browser.tsx, widget/menu-item-card.tsx,
 * widget/store-notice.tsx) renders with nothing searched or filtered, so the app takes the nodes
 * over as they are. No element here carries a handler: the first paint listens on the shadow root
 * (widget/main.tsx), and the app's handlers are the only ones an element ever gets.
 */
import { Component } from 'preact';
import type { StoreHoursResponse } from '../../shared/api/schemas.ts';
import { DIET_FILTER_LABELS, DIET_FILTERS } from '../../shared/diet.ts';
import { LOCALE_NAMES, LOCALES } from '../../shared/i18n/locale.ts';
import { needsItemDialog, type MenuItem } from '../../shared/menu.ts';
import { servedAt, windowsText } from '../../shared/menu-windows.ts';
import { toCents } from '../../shared/money.ts';
import { uploadedPhotoId } from '../../shared/menu-photo.ts';
import { restaurant } from '../../shared/restaurant.ts';
import { DietTags } from '../diet-tags.tsx';
import { dollars, feesLine } from './dollars.ts';
import { t, widgetIntlLocale, widgetLocale } from '../i18n.ts';
import type { LoadedMenu } from '../menu-loading.ts';
import { Photo, PHOTO_HEIGHT, PHOTO_WIDTH } from '../menu-item-card.tsx';
import { categoryId, type MenuSection } from '../menu-sections.ts';

/** What a host shows before the app: the menu loading, failed, or drawn up to its `shown` pieces. */
export type FirstPaint =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      menu: LoadedMenu;
      sections: MenuSection[];
      opening: string | null;
      /**
       * How many pieces of the menu are drawn, in order (the first paint draws them a few at a
       * time): the bar's top (categories, search), the rest of the bar (diet filter, fees line),
       * then each section's heading and its items.
       */
      shown: number;
      /** When the drawing began: what is served now is judged once, the same for every slice. */
      now: Date;
    };

interface Props {
  paint: FirstPaint;
  hours: StoreHoursResponse | null;
  apiOrigin: string;
  /** The language switch (a partner's page). */
  languageSwitch: boolean;
  launcher: boolean;
  /** Whether the opening category may scroll the page (else it is listed first). */
  scrollPage: boolean;
}

/** The contents of the shadow root's `.menu-root`, as the app's OrderingApp renders them. */
export function FirstPaintView(props: Props) {
  const other = LOCALES.find((locale) => locale !== widgetLocale()) ?? widgetLocale();
  return (
    <>
      {props.languageSwitch && (
        <p className="language">
          <button type="button" lang={other} title={t('common.language')}>
            {LOCALE_NAMES[other]}
          </button>
        </p>
      )}
      {props.launcher ? (
        <button type="button" className="add launcher">
          {t('menu.orderOnline')}
        </button>
      ) : (
        <MenuView {...props} />
      )}
    </>
  );
}

function MenuView({ paint, hours, apiOrigin, scrollPage }: Props) {
  // Until its first piece is drawn, the menu is still loading.
  if (paint.status === 'loading' || (paint.status === 'ready' && paint.shown === 0))
    return (
      <p className="status" role="status">
        {t('common.loading')}
      </p>
    );
  if (paint.status === 'failed')
    return (
      <p className="error" role="alert">
        {paint.message}
      </p>
    );
  const { menu, sections: all, opening, shown, now } = paint;
  const listed = listedSections(all, opening, scrollPage);
  // The sections drawn so far: whole ones, then the heading and first items of the one being drawn.
  let left = shown - BAR_PIECES;
  const drawnSections = [];
  for (const [place, section] of listed.entries()) {
    if (left <= 0) break;
    left -= 1;
    const count = itemCount(section);
    drawnSections.push(
      <SectionView
        key={section.name}
        section={section}
        shownItems={Math.min(count, left)}
        index={all.indexOf(section)}
        firstOnScreen={place === 0}
        menu={menu}
        now={now}
        apiOrigin={apiOrigin}
      />,
    );
    left -= count;
  }
  return (
    <>
      <div className="menu">
        {shown >= 1 && <MenuBar sections={all} opening={opening} />}
        {shown >= BAR_PIECES && (
          <>
            <DietFilterView />
            {/* Outside the bar: the store's hours may arrive after it is drawn, and drawing the
                bar again would undo a tick or a search typed meanwhile. */}
            <p className="fees">{feesLine(t, hours?.pricing?.delivery.minimum_fee_cents)}</p>
          </>
        )}
        <div>{drawnSections}</div>
      </div>
      {shown >= pieceCount(listed) && <StoreNoticeView hours={hours} />}
    </>
  );
}

/** The sections in the order the menu lists them: on a partner's page the opening category comes first. */
export function listedSections(all: MenuSection[], opening: string | null, scrollPage: boolean): MenuSection[] {
  const first = scrollPage ? null : opening;
  return first ? [...all.filter((s) => s.name === first), ...all.filter((s) => s.name !== first)] : all;
}

/** How many items a section lists, its subcategories' included. */
export const itemCount = (section: MenuSection) =>
  section.items.length + section.subcategories.reduce((n, sub) => n + sub.items.length, 0);

/** The bar's pieces: its top, then its diet filter with the fees line. */
const BAR_PIECES = 2;

/** How many pieces the menu is drawn in: the bar's, then each section's heading and its items. */
export const pieceCount = (sections: readonly MenuSection[]) =>
  sections.reduce((n, section) => n + 1 + itemCount(section), BAR_PIECES);

/**
 * A part of the menu drawn again only when what it is given changes: each slice adds sections,
 * and those already drawn (and the bar above them) are passed over, not compared again.
 */
abstract class Unchanging<P extends object> extends Component<P> {
  override shouldComponentUpdate(next: P): boolean {
    return (Object.keys(next) as (keyof P)[]).some((key) => next[key] !== this.props[key]);
  }
}

/** The categories and the search box, above the diet filter, the fees line and the sections. */
class MenuBar extends Unchanging<{ sections: MenuSection[]; opening: string | null }> {
  render() {
    const { sections, opening } = this.props;
    return (
      <div className="menu-bar">
        <nav aria-label={t('menu.categories')}>
          <ul className="categories">
            {sections.map((section) => (
              <li key={section.name}>
                <button
                  type="button"
                  className="category-link"
                  aria-current={opening === section.name ? 'location' : undefined}
                >
                  {section.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <label className="search">
          <span>{t('menu.search')}</span>
          <input type="search" value="" autoComplete="off" />
        </label>
      </div>
    );
  }
}

/** The diet filter as widget/diet-filter.tsx renders it with nothing ticked. */
class DietFilterView extends Unchanging<object> {
  render() {
    return (
      <fieldset className="diet-filter">
        <legend>{t('menu.dietaryNeeds')}</legend>
        <div className="diet-choices">
          {DIET_FILTERS.map((filter) => (
            <label key={filter} className="diet-choice">
              <input type="checkbox" checked={false} />
              {t(DIET_FILTER_LABELS[filter])}
            </label>
          ))}
        </div>
        <p className="filter-count" role="status">
          {''}
        </p>
      </fieldset>
    );
  }
}

interface SectionProps {
  section: MenuSection;
  /** How many of its items are drawn so far, in the order it lists them. */
  shownItems: number;
  /** Its place in the whole menu, which names its heading's id. */
  index: number;
  /** The first section on the screen, whose first photos load at once. */
  firstOnScreen: boolean;
  menu: LoadedMenu;
  now: Date;
  apiOrigin: string;
}

class SectionView extends Unchanging<SectionProps> {
  render() {
    const { section, shownItems, index, firstOnScreen, menu, now, apiOrigin } = this.props;
    const id = categoryId(index);
    let left = shownItems;
    const drawnOf = (items: MenuItem[]) => {
      const part = items.slice(0, Math.max(0, left));
      left -= part.length;
      return part;
    };
    const list = (items: MenuItem[], level: 3 | 4, eager: boolean) =>
      items.length > 0 && (
        <ul className="items">
          {items.map((item, at) => (
            <ItemCard
              key={item.id}
              item={item}
              level={level}
              eagerPhoto={eager && at < EAGER_PHOTOS}
              soldOut={menu.soldOut.has(item.id)}
              notServedNow={!servedAt(item.windows, now, restaurant.ordering.timeZone)}
              apiOrigin={apiOrigin}
            />
          ))}
        </ul>
      );
    const own = drawnOf(section.items);
    const subcategories = section.subcategories
      .map((sub) => ({ sub, items: drawnOf(sub.items) }))
      .filter((part) => part.items.length > 0);
    return (
      <section className="category" aria-labelledby={id}>
        <h2 id={id} tabIndex={-1}>
          {section.name}
        </h2>
        {section.windows && (
          <p className="served">{t('menu.servedOnly', { times: windowsText(section.windows, widgetIntlLocale()) })}</p>
        )}
        {list(own, 3, firstOnScreen)}
        {subcategories.map(({ sub, items }) => (
          <div key={sub.name} className="subcategory">
            <h3>{sub.name}</h3>
            {list(items, 4, false)}
          </div>
        ))}
      </section>
    );
  }
}

/** Photos in the first screenful (two on a phone, four on a wide screen) load at once. */
const EAGER_PHOTOS = 4;

function ItemCard(props: {
  item: MenuItem;
  level: 3 | 4;
  eagerPhoto: boolean;
  soldOut: boolean;
  notServedNow: boolean;
  apiOrigin: string;
}) {
  const { item, apiOrigin, eagerPhoto } = props;
  const Heading = props.level === 3 ? 'h3' : 'h4';
  return (
    <li className="item" data-item={item.id}>
      {item.photo && (
        <Photo id={uploadedPhotoId(item.photo)} apiOrigin={apiOrigin}>
          <img
            className="photo"
            src={apiOrigin + item.photo}
            width={PHOTO_WIDTH}
            height={PHOTO_HEIGHT}
            loading={eagerPhoto ? 'eager' : 'lazy'}
            fetchPriority={eagerPhoto ? 'high' : 'auto'}
            alt={item.name}
          />
        </Photo>
      )}
      <div className="item-body">
        <Heading className="item-name">
          {item.name}
          {item.is_special && <span className="special"> {t('menu.special')}</span>}
        </Heading>
        {item.description && <p className="description">{item.description}</p>}
        <DietTags item={item} />
        <p className="price">{dollars(toCents(item.base_price))}</p>
        {props.soldOut ? (
          <p className="sold-out">{t('menu.soldOut')}</p>
        ) : props.notServedNow ? (
          <p className="sold-out">{t('menu.notServedNow')}</p>
        ) : needsItemDialog(item) ? (
          <button type="button" className="add" aria-label={t('menu.chooseOptionsFor', { name: item.name })}>
            {t('menu.chooseOptions')}
          </button>
        ) : (
          <div className="actions">
            <button type="button" className="add" aria-label={t('menu.addToCart', { name: item.name })}>
              {t('menu.add')}
            </button>
            {item.modifier_groups.length > 0 && (
              <button type="button" aria-label={t('menu.customizeItem', { name: item.name })}>
                {t('menu.customize')}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The store notice as widget/store-notice.tsx words it. */
function StoreNoticeView({ hours }: { hours: StoreHoursResponse | null }) {
  const message = hours?.closed_message.pickup;
  if (!hours || !message) return null;
  const closed = !hours.paused && !hours.asap_full?.pickup;
  return (
    <p className="store-notice" role="status">
      {closed && <strong>{t('common.closed')}</strong>} {message}{' '}
      {hours.slots.pickup.length > 0 ? t('common.orderAhead') : ''}
    </p>
  );
}
