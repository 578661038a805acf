/**
 * One menu item: photo, name, 'Special' mark, description, diet tags, price, and what the customer can do
 * with it: add it straight to the cart, or (when it has choices to make) open the item dialog
 * with 'Choose options'; an item whose choices are all optional has both 'Add' and 'Customize'.
 * A sold-out item says so and cannot be added, as does one whose category is not served now (a
 * lunch menu in the evening). A photo uploaded in the menu editor comes as AVIF and WebP at
 * several widths (shared/menu-photo.ts), and the browser picks the one it reads at the size it shows.
 */
import type { ReactElement } from 'react';
import type { CartAction } from '../shared/cart.ts';
import { needsItemDialog, type MenuItem } from '../shared/menu.ts';
import { formatUSD, toCents } from '../shared/money.ts';
import { menuPhotoSrcset, uploadedPhotoId } from '../shared/menu-photo.ts';
import { DietTags } from './diet-tags.tsx';
import { t } from './i18n.ts';

/** The menu photos' intrinsic size, so the page does not jump as they load. */
export const PHOTO_WIDTH = 600;
export const PHOTO_HEIGHT = 400;

interface Props {
  item: MenuItem;
  soldOut: boolean;
  /** Its category is served only at other times. */
  notServedNow?: boolean;
  apiOrigin: string;
  headingLevel: 3 | 4;
  dispatch: (action: CartAction) => void;
  onAdded: (item: MenuItem) => void;
  onCustomize: (item: MenuItem, opener: HTMLElement) => void;
  /** Load the photo at once (it is in the first screenful), instead of when scrolled to. */
  eagerPhoto?: boolean;
}

export function MenuItemCard({
  item,
  soldOut,
  notServedNow = false,
  apiOrigin,
  headingLevel,
  eagerPhoto = false,
  dispatch,
  onAdded,
  onCustomize,
}: Props) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
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
        <p className="price">{formatUSD(toCents(item.base_price))}</p>
        {soldOut ? (
          <p className="sold-out">{t('menu.soldOut')}</p>
        ) : notServedNow ? (
          <p className="sold-out">{t('menu.notServedNow')}</p>
        ) : needsItemDialog(item) ? (
          // The visible words are part of the names, as speech users say what they see.
          <button
            type="button"
            className="add"
            aria-label={t('menu.chooseOptionsFor', { name: item.name })}
            onClick={(event) => onCustomize(item, event.currentTarget)}
          >
            {t('menu.chooseOptions')}
          </button>
        ) : (
          <div className="actions">
            <button
              type="button"
              className="add"
              aria-label={t('menu.addToCart', { name: item.name })}
              onClick={() => {
                dispatch({ type: 'addItem', menuItem: item });
                onAdded(item);
              }}
            >
              {t('menu.add')}
            </button>
            {item.modifier_groups.length > 0 && (
              <button
                type="button"
                aria-label={t('menu.customizeItem', { name: item.name })}
                onClick={(event) => onCustomize(item, event.currentTarget)}
              >
                {t('menu.customize')}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The card shows a photo at most 150 CSS pixels wide. */
const PHOTO_SIZES = '150px';

/** An uploaded photo's AVIF and WebP sources around its <img>; any other picture as it is. */
export function Photo({ id, apiOrigin, children }: { id: string | null; apiOrigin: string; children: ReactElement }) {
  if (!id) return children;
  return (
    <picture>
      <source type="image/avif" srcSet={menuPhotoSrcset(apiOrigin, id, 'avif')} sizes={PHOTO_SIZES} />
      <source type="image/webp" srcSet={menuPhotoSrcset(apiOrigin, id, 'webp')} sizes={PHOTO_SIZES} />
      {children}
    </picture>
  );
}
