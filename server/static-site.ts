/**
 * Serves the built site and widget with the spec's redirect rules (section 2): a path without a
 * trailing slash, with no file extension and not under /api/, moves to the slash form keeping
 * the query string; /taco-boxes moves to /tacoboxes/; anything else unknown gets the 404 page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

const MOVED: Record<string, string> = { '/taco-boxes': '/tacoboxes/', '/taco-boxes/': '/tacoboxes/' };

export function redirectTarget(pathname: string, search: string): string | null {
  const moved = MOVED[pathname];
  if (moved) return moved + search;
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.endsWith('/')) return null;
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
  if (pathname.startsWith('/_astro/') || /^\/widget\/chunks\//.test(pathname)) return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/widget/')) return 'public, max-age=300, stale-while-revalidate=86400';
  if (pathname.endsWith('/') || pathname.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

export function mountStaticSite(app: Hono, distDir: string): void {
  const siteRoot = path.join(distDir, 'site');
  const widgetRoot = path.join(distDir, 'widget');

  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const target = c.req.method === 'GET' || c.req.method === 'HEAD' ? redirectTarget(url.pathname, url.search) : null;
    if (target) return c.redirect(target, 301);
    await next();
  });
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status === 200 && (c.req.method === 'GET' || c.req.method === 'HEAD') && !c.req.path.startsWith('/api/')) {
      c.res.headers.set('Cache-Control', cacheControl(c.req.path));
      // Partner pages fetch the widget's style chunks and font across origins; they are public.
      if (c.req.path.startsWith('/widget/')) c.res.headers.set('Access-Control-Allow-Origin', '*');
    }
  });
  app.use(
    '/widget/*',
    serveStatic({ root: widgetRoot, precompressed: true, rewriteRequestPath: (p) => p.replace(/^\/widget/, '') }),
  );
  app.use('*', serveStatic({ root: siteRoot, precompressed: true }));
  app.notFound(async (c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ error: true, message: 'There is no such API call.' }, 404);
    const page = await readFile(path.join(siteRoot, '404.html'), 'utf8').catch(() => 'Page not found');
    return c.html(page, 404);
  });
}
