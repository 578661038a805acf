/**
 * The menu as the first paint draws it, before the ordering app has arrived: the same elements,
 * classes and words the app's menu (widget/menu-browser.tsx, widget/menu-item-card.tsx,
 * widget/store-notice.tsx) renders with nothing searched or filtered, so the app takes the nodes
 * over as they are. No element here carries a handler: the first paint listens on the shadow root
 * (widget/main.tsx), and the app's handlers are the only ones an element ever gets.
 */
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

/** What a host shows before the app: the menu loading, failed, or drawn up to `shown` categories. */
export type FirstPaint =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; menu: LoadedMenu; sections: MenuSection[]; opening: string | null; shown: number };

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
  if (paint.status === 'loading')
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
  const { menu, sections: all, opening, shown } = paint;
  const first = scrollPage ? null : opening;
  const sections = first ? [...all.filter((s) => s.name === first), ...all.filter((s) => s.name !== first)] : all;
  const now = new Date();
  const list = (items: MenuItem[], level: 3 | 4, firstOnScreen: boolean) =>
    items.length > 0 && (
      <ul className="items">
        {items.map((item, index) => (
          <ItemCard
            key={item.id}
            item={item}
            level={level}
            eagerPhoto={firstOnScreen && index < EAGER_PHOTOS}
            soldOut={menu.soldOut.has(item.id)}
            notServedNow={!servedAt(item.windows, now, restaurant.ordering.timeZone)}
            apiOrigin={apiOrigin}
          />
        ))}
      </ul>
    );
  return (
    <>
      <div className="menu">
        <div className="menu-bar">
          <nav aria-label={t('menu.categories')}>
            <ul className="categories">
              {all.map((section) => (
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
        <p className="fees">{feesLine(t)}</p>
        <div>
          {sections.slice(0, shown).map((section, sectionIndex) => {
            const id = categoryId(all.findIndex((s) => s.name === section.name));
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
                {list(section.items, 3, sectionIndex === 0)}
                {section.subcategories.map((sub) => (
                  <div key={sub.name} className="subcategory">
                    <h3>{sub.name}</h3>
                    {list(sub.items, 4, false)}
                  </div>
                ))}
              </section>
            );
          })}
        </div>
      </div>
      {shown >= sections.length && <StoreNoticeView hours={hours} />}
    </>
  );
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
