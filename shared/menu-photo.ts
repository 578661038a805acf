/**
 * Photos uploaded in the menu editor: served at /api/menu-photos/<id>-<width>.<avif|webp>, cut
 * to 3:2 at each width the widget shows (its cards are 96 and 150 CSS pixels wide, so 150 and
 * 300 cover screens of 1x to 3x) and the site and search engines read (600, the size of the
 * demo menu's photos). An item's `photo` names the widest WebP, which any browser shows; the
 * widget offers the rest as <picture> sources.
 */
export const MENU_PHOTO_WIDTHS = [150, 300, 600] as const;
export const MENU_PHOTO_FORMATS = ['avif', 'webp'] as const;
export type MenuPhotoFormat = (typeof MENU_PHOTO_FORMATS)[number];
/** Height over width. */
export const MENU_PHOTO_RATIO = 2 / 3;
export const MENU_PHOTO_PREFIX = '/api/menu-photos/';

export const menuPhotoUrl = (id: string, width: number, format: MenuPhotoFormat) =>
  `${MENU_PHOTO_PREFIX}${id}-${width}.${format}`;

/** The id of an uploaded photo from an item's `photo`, or null for any other picture. */
export function uploadedPhotoId(photo: string | null | undefined): string | null {
  const match = /^\/api\/menu-photos\/([a-f0-9]{32})-\d+\.(?:webp|avif)$/.exec(photo ?? '');
  return match ? match[1]! : null;
}

/** A <source srcset> of an uploaded photo in one format: every width, each with its 'w'. */
export const menuPhotoSrcset = (origin: string, id: string, format: MenuPhotoFormat) =>
  MENU_PHOTO_WIDTHS.map((width) => `${origin}${menuPhotoUrl(id, width, format)} ${width}w`).join(', ');
