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

export function mountStaticSite(app: Hono, distDir: string): void {
  const siteRoot = path.join(distDir, 'site');
  const widgetRoot = path.join(distDir, 'widget');

  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const target = c.req.method === 'GET' || c.req.method === 'HEAD' ? redirectTarget(url.pathname, url.search) : null;
    if (target) return c.redirect(target, 301);
    await next();
  });
  app.use('/widget/*', serveStatic({ root: widgetRoot, rewriteRequestPath: (p) => p.replace(/^\/widget/, '') }));
  app.use('*', serveStatic({ root: siteRoot }));
  app.notFound(async (c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ error: true, message: 'There is no such API call.' }, 404);
    const page = await readFile(path.join(siteRoot, '404.html'), 'utf8').catch(() => 'Page not found');
    return c.html(page, 404);
  });
}
