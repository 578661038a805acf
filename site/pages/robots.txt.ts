/** /robots.txt: crawl everything but the API and the screens that belong to one customer. */
import type { APIRoute } from 'astro';
import { restaurant } from '../../shared/restaurant.ts';

export const PRIVATE_PATHS = [
  '/api/',
  '/checkout/',
  '/payment/',
  '/account/',
  '/congratulations/',
  '/login/',
  '/register/',
  '/reset-password/',
  '/confirmation-instruction/',
] as const;

export const GET: APIRoute = () => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${restaurant.siteUrl}/sitemap.xml`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
