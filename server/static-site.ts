/**
 * Serves the built site and widget with the site's redirect rules: a path without a
 * trailing slash, with no file extension and not under /api/ or /.well-known/, moves to the slash form keeping
 * the query string; /taco-boxes moves to /tacoboxes/; anything else unknown gets the 404 page.
 * A redirect only ever names a path on this site: a request path a browser would read as another
 * host once moved (`//evil.example/login`) gets the 404 page instead.
 * Each page carries a Content-Security-Policy naming the sha256 of its own inline scripts (read
 * from the HTML file the first time it is served, again when the file changes), so no other
 * inline script runs; the widget's files get none, since they run on partners' pages.
 *
 * Languages: every customer page exists in English (/menu/) and Spanish (/es/menu/). A visitor who
 * has not chosen lands on their browser's language (Accept-Language); the site's switch links
 * carry ?lang=, which is remembered in a cookie and taken off the address. An unknown /es/ path
 * gets the Spanish 404 page.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono, Next } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { serveStatic } from '@hono/node-server/serve-static';
import { safeLocalPath } from '../shared/local-path.ts';
import {
  acceptedLanguages,
  chooseLocale,
  isLocale,
  LOCALE_COOKIE,
  localeOfPath,
  localePath,
  pathWithoutLocale,
  type Locale,
} from '../shared/i18n/locale.ts';
import { cameOverHttps, type HttpsSettings } from './http/https.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './http/page-policy.ts';
import { isLivePage } from '../shared/live-pages.ts';
import type { SitePages } from './site-pages.ts';

const MOVED: Record<string, string> = { '/taco-boxes': '/tacoboxes/', '/taco-boxes/': '/tacoboxes/' };

export function redirectTarget(pathname: string, search: string): string | null {
  const moved = MOVED[pathname];
  if (moved) return moved + search;
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.endsWith('/')) return null;
  // Files other services read by their exact name (Apple Pay's domain association) have none.
  if (pathname.startsWith('/.well-known/')) return null;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return null;
  return `${pathname}/${search}`;
}

/**
 * Hashed files (Astro's /_astro/, the widget's chunks) never change under the same name, so a
 * browser keeps them a year. HTML is revalidated each time. The widget's entry keeps the URL
 * partners paste, so it is cached briefly and refreshed in the background.
 */
export function cacheControl(pathname: string): string {
  if (pathname.startsWith('/_astro/') || /^\/widget\/chunks\//.test(pathname))
    return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/widget/')) return 'public, max-age=300, stale-while-revalidate=86400';
  if (pathname.endsWith('/') || pathname.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** The HTML file serveStatic answers `pathname` with ('/menu/' is menu/index.html), inside `root`. */
function htmlFileOf(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = path.join(root, decoded.endsWith('/') ? `${decoded}index.html` : decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Each page's inline-script hashes, read once per version of its file. */
function pagePolicies() {
  const known = new Map<string, { version: string; hashes: string[] }>();
  return async (pagePath: string, file: string | null): Promise<string> => {
    if (!file) return contentSecurityPolicy(pagePath, []);
    try {
      const stats = await stat(file);
      const version = `${stats.mtimeMs}:${stats.size}`;
      let entry = known.get(file);
      if (entry?.version !== version) {
        entry = { version, hashes: inlineScriptHashes(await readFile(file, 'utf8')) };
        known.set(file, entry);
      }
      return contentSecurityPolicy(pagePath, entry.hashes);
    } catch {
      return contentSecurityPolicy(pagePath, []);
    }
  };
}

function isHtml(headers: Headers): boolean {
  return (headers.get('Content-Type') ?? '').startsWith('text/html');
}

/** A year: the language a visitor chose stays chosen. */
const LOCALE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Where a page request goes for its language, or null to serve it as asked: `?lang=es` (the
 * switch) goes to the page in that language without the parameter; an English page goes to its
 * Spanish twin when the visitor chose Spanish (`chosen`, the cookie) or, having not chosen, their
 * browser prefers it. Only pages that exist in both languages move (`hasSpanish`).
 */
export function languageTarget(
  url: URL,
  chosen: string | undefined,
  acceptLanguage: string | undefined,
  hasSpanish: boolean,
): { to: string; remember?: Locale } | null {
  if (!hasSpanish) return null;
  const asked = url.searchParams.get('lang');
  if (asked !== null && isLocale(asked)) {
    const rest = new URLSearchParams(url.search);
    rest.delete('lang');
    const query = rest.size > 0 ? `?${rest.toString()}` : '';
    return { to: localePath(url.pathname, asked) + query, remember: asked };
  }
  if (localeOfPath(url.pathname) !== 'en') return null;
  const locale = chooseLocale(chosen, acceptedLanguages(acceptLanguage));
  return locale === 'en' ? null : { to: localePath(url.pathname, locale) + url.search };
}

/** Whether a page has a Spanish twin: a live one, or one in the build (dist/site/es/...), asked once per path. */
function spanishPages(siteRoot: string) {
  const known = new Map<string, boolean>();
  return async (pathname: string): Promise<boolean> => {
    if (!pathname.endsWith('/') || pathname.startsWith('/api/') || pathname.startsWith('/widget/')) return false;
    if (isLivePage(localePath(pathname, 'es'))) return true;
    let exists = known.get(pathname);
    if (exists === undefined) {
      const file = htmlFileOf(siteRoot, localePath(pathname, 'es'));
      exists =
        file !== null &&
        (await stat(file).then(
          (s) => s.isFile(),
          () => false,
        ));
      if (known.size < 1000) known.set(pathname, exists);
    }
    return exists;
  };
}

/**
 * `livePages` answers the pages that print the menu (server/site-pages.ts); without it (a server
 * with no menu) those paths get the 404 page.
 */
export function mountStaticSite(
  app: Hono,
  distDir: string,
  https: HttpsSettings = { trustProxy: 0 },
  livePages?: SitePages,
): void {
  const siteRoot = path.join(distDir, 'site');
  const widgetRoot = path.join(distDir, 'widget');
  const policyFor = pagePolicies();
  const hasSpanish = spanishPages(siteRoot);

  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    const target = redirectTarget(url.pathname, url.search);
    if (target === null) return next();
    const local = safeLocalPath(target);
    return local ? c.redirect(local, 301) : c.notFound();
  });
  app.use('*', async (c: Context, next: Next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    const spanish = await hasSpanish(pathWithoutLocale(url.pathname));
    const move = languageTarget(url, getCookie(c, LOCALE_COOKIE), c.req.header('accept-language'), spanish);
    const local = move && safeLocalPath(move.to);
    if (move?.remember) {
      setCookie(c, LOCALE_COOKIE, move.remember, {
        path: '/',
        maxAge: LOCALE_COOKIE_SECONDS,
        sameSite: 'Lax',
        secure: cameOverHttps(c, https),
      });
    }
    if (local) {
      c.header('Vary', 'Accept-Language, Cookie', { append: true });
      c.header('Cache-Control', 'no-store');
      return c.redirect(local, 302);
    }
    await next();
    // The English page answers a visitor who might have been sent to Spanish: caches must ask,
    // as they already do by Accept-Encoding for a precompressed file.
    if (spanish && localeOfPath(url.pathname) === 'en') c.res.headers.append('Vary', 'Accept-Language, Cookie');
  });
  app.use('*', async (c, next) => {
    await next();
    if (
      c.res.status === 200 &&
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      !c.req.path.startsWith('/api/')
    ) {
      c.res.headers.set('Cache-Control', cacheControl(c.req.path));
      // Partner pages fetch the widget's style chunks and font across origins; they are public.
      if (c.req.path.startsWith('/widget/')) c.res.headers.set('Access-Control-Allow-Origin', '*');
      // A live page carries the policy of the HTML it was rendered to.
      else if (isHtml(c.res.headers) && !c.res.headers.has('Content-Security-Policy'))
        c.res.headers.set('Content-Security-Policy', await policyFor(c.req.path, htmlFileOf(siteRoot, c.req.path)));
    }
  });
  app.use(
    '/widget/*',
    serveStatic({ root: widgetRoot, precompressed: true, rewriteRequestPath: (p) => p.replace(/^\/widget/, '') }),
  );
  app.use('*', async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !livePages || !isLivePage(c.req.path)) return next();
    return (await livePages.answer(c.req.raw, c.req.path)) ?? next();
  });
  app.use('*', serveStatic({ root: siteRoot, precompressed: true }));
  app.notFound(async (c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ error: true, message: 'There is no such API call.' }, 404);
    // In the page's language: an /es/ path's, else the one the visitor chose (the cookie) or their browser prefers.
    const spanish =
      localeOfPath(c.req.path) === 'es' ||
      chooseLocale(getCookie(c, LOCALE_COOKIE), acceptedLanguages(c.req.header('Accept-Language'))) === 'es';
    const file = path.join(siteRoot, spanish ? 'es/404/index.html' : '404.html');
    const page = await readFile(file, 'utf8').catch(() => 'Page not found');
    c.header('Content-Security-Policy', await policyFor('/404.html', file));
    return c.html(page, 404);
  });
}
