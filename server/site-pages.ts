/**
 * The pages that print the menu (shared/live-pages.ts), rendered here with the live menu instead
 * of once at build time: the Astro build leaves them in dist/site-server/entry.mjs (its adapter is
 * site/live/), whose `render(request, locals)` answers a page for `locals.menu`.
 *
 * Why render here rather than rebuild the site on a menu change: a rebuild takes the whole Astro
 * toolchain and tens of seconds of CPU on every replica for every price edit, at the busiest hour
 * too; rendering one page takes a few milliseconds. Each page is rendered once per menu version
 * (the catalog's ETag, which every replica reads from the database on each request), kept with
 * its brotli and gzip copies, its strong ETag and its Content-Security-Policy, and served from
 * memory like a file: a repeat visitor gets a 304. A change in the admin area or a point-of-sale
 * sync shows on the next request after it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { MenuAnswer } from '../shared/api/menu-answer.ts';
import { restaurant } from '../shared/restaurant.ts';
import { etagOf, ifNoneMatchHits, preferredEncoding } from './http/conditional.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './http/page-policy.ts';
import { log } from './logger.ts';
import type { MenuCatalog } from './menu/catalog.ts';

interface RenderedPage {
  /** What it was rendered with: the menu version (the catalog's ETag) and the minimum delivery fee. */
  version: string;
  etag: string;
  policy: string;
  bodies: { identity: Uint8Array<ArrayBuffer>; br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> };
}

type Render = (request: Request, locals: App.Locals & { menu: MenuAnswer }) => Promise<Response>;

/** The server side of the built site, or null when the site has not been built. */
async function loadRenderer(distDir: string): Promise<Render | null> {
  const entry = path.join(distDir, 'site-server', 'entry.mjs');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { render: Render };
  return module.render;
}

export interface SitePages {
  /** The page for a live path (GET or HEAD), or null to let the static files answer. */
  answer(request: Request, pathname: string): Promise<Response | null>;
}

/**
 * `minimumFeeCents`: the owner's live minimum delivery fee (services/live-settings.ts), which the
 * menu's fees line states; a page is rendered again when it or the menu changes.
 */
export function sitePages(distDir: string, menu: MenuCatalog, minimumFeeCents: () => Promise<number>): SitePages {
  // Loaded at once, so the first visitor after a start does not wait for it.
  const renderer: Promise<Render | null> = loadRenderer(distDir).catch((error: unknown) => {
    log.error({ err: error }, `The live pages' renderer did not load: ${(error as Error).message}`);
    return null;
  });
  let parsed: { etag: string; menu: MenuAnswer } | undefined;
  const pages = new Map<string, RenderedPage>();
  const rendering = new Map<string, Promise<RenderedPage>>();

  async function renderPage(
    render: Render,
    pathname: string,
    version: { menuEtag: string; json: string; feeCents: number },
  ): Promise<RenderedPage> {
    const { menuEtag, json, feeCents } = version;
    if (parsed?.etag !== menuEtag) parsed = { etag: menuEtag, menu: (JSON.parse(json) as MenuAnswer[])[0]! };
    const response = await render(new Request(new URL(pathname, restaurant.siteUrl)), {
      menu: parsed.menu,
      minimumFeeCents: feeCents,
    });
    const html = await response.text();
    if (response.status !== 200) throw new Error(`Rendering ${pathname} answered ${response.status}.`);
    const identity = Buffer.from(html, 'utf8');
    return {
      version: `${menuEtag} ${feeCents}`,
      etag: etagOf(identity),
      policy: contentSecurityPolicy(pathname, inlineScriptHashes(html)),
      bodies: {
        identity,
        // Brotli's best, once per menu version: it keeps / in the first ~14 KB a new connection
        // delivers before it waits on the phone again.
        br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      },
    };
  }

  /** The page for the current menu: kept, or rendered once however many visitors ask at once. */
  async function current(render: Render, pathname: string): Promise<RenderedPage> {
    const [snapshot, feeCents] = await Promise.all([menu.snapshot(), minimumFeeCents()]);
    const version = `${snapshot.etag} ${feeCents}`;
    const kept = pages.get(pathname);
    if (kept?.version === version) return kept;
    const key = `${pathname} ${version}`;
    let job = rendering.get(key);
    if (!job) {
      job = renderPage(render, pathname, { menuEtag: snapshot.etag, json: snapshot.json, feeCents }).finally(() =>
        rendering.delete(key),
      );
      rendering.set(key, job);
    }
    try {
      const page = await job;
      pages.set(pathname, page);
      return page;
    } catch (error) {
      // A page the new menu cannot render (a bug, not a visitor's doing): the last good one, if any.
      if (!kept) throw error;
      log.error({ path: pathname, err: error }, `Serving the previous ${pathname}: ${(error as Error).message}`);
      return kept;
    }
  }

  return {
    async answer(request, pathname) {
      const render = await renderer;
      if (!render) return null;
      const page = await current(render, pathname);
      const headers = new Headers({
        'Content-Type': 'text/html; charset=utf-8',
        ETag: page.etag,
        Vary: 'Accept-Encoding',
        'Content-Security-Policy': page.policy,
      });
      if (ifNoneMatchHits(request.headers.get('if-none-match') ?? undefined, page.etag))
        return new Response(null, { status: 304, headers });
      const encoding = preferredEncoding(request.headers.get('accept-encoding') ?? undefined);
      if (encoding) headers.set('Content-Encoding', encoding);
      const body = page.bodies[encoding ?? 'identity'];
      headers.set('Content-Length', String(body.byteLength));
      return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
    },
  };
}
