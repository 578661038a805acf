import { Hono } from 'hono';
import { MENU_PHOTO_FORMATS, MENU_PHOTO_WIDTHS } from '../../shared/menu-photo.ts';
import type { AppDependencies } from '../dependencies.ts';
import { readPhotoVariant } from '../db/menu-editor.ts';
import { HttpError } from '../http/errors.ts';
import { ifNoneMatchHits, preferredEncoding, SHORT_CACHE, SHORT_CACHE_VARY } from '../http/conditional.ts';

/**
 * GET /api/menus/: the menus answer, serialised and compressed once per menu version. Browsers and
 * CDNs keep it 30 s and then serve it stale for up to 5 minutes while they ask again in the
 * background (SHORT_CACHE), so a page's widgets, a reload and the next page cost no request; a
 * sold-out mark or a price reaches a returning visitor within that time, a new one at once, and
 * create-order always checks against the live menu. A matching If-None-Match gets 304 with no body.
 */
export const NO_SUCH_PHOTO = 'There is no such menu photo.';

/** `db` serves the editor's photos; without it (a test of the menu alone) there are none. */
export function menuRoutes({ menu, db }: Pick<AppDependencies, 'menu'> & Partial<Pick<AppDependencies, 'db'>>): Hono {
  return (
    new Hono()
      /**
       * GET /api/menu-photos/<id>-<width>.<avif|webp>: a photo uploaded in the menu editor, from the
       * database (any replica). Its id is a hash of the upload, so its bytes never change: cached
       * for a year, immutable, by browsers and CDNs alike.
       */
      .get('/menu-photos/:file', async (c) => {
        const match = /^([a-f0-9]{32})-(\d{2,4})\.(avif|webp)$/.exec(c.req.param('file'));
        const width = Number(match?.[2]);
        const format = match?.[3] as (typeof MENU_PHOTO_FORMATS)[number] | undefined;
        if (!match || !format || !(MENU_PHOTO_WIDTHS as readonly number[]).includes(width))
          throw new HttpError(404, NO_SUCH_PHOTO);
        const bytes = db ? await readPhotoVariant(db, match[1]!, width, format) : null;
        if (!bytes) throw new HttpError(404, NO_SUCH_PHOTO);
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': `image/${format}`,
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Content-Length': String(bytes.byteLength),
        });
      })
      .get('/menus/', async (c) => {
        const snapshot = await menu.snapshot();
        const headers = { ETag: snapshot.etag, 'Cache-Control': SHORT_CACHE, Vary: SHORT_CACHE_VARY };
        if (ifNoneMatchHits(c.req.header('If-None-Match'), snapshot.etag)) return c.body(null, 304, headers);
        const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
        const body = snapshot.encoded[encoding ?? 'identity'] as Uint8Array<ArrayBuffer>;
        return c.body(body, 200, {
          ...headers,
          'Content-Type': 'application/json',
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
        });
      })
  );
}
