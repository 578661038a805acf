/** /sitemap.xml: every public page, for search engines (robots.txt points here). */
import type { APIRoute } from 'astro';
import { restaurant } from '../../shared/restaurant.ts';

/** The pages worth finding from a search: not the checkout, account or sign-in screens. */
export const PUBLIC_PATHS = [
  '/',
  '/menu/',
  '/order/',
  '/about-us/',
  '/catering/',
  '/family-meals/',
  '/tacoboxes/',
  '/contact-us/',
  '/oldmenu/',
  '/privacy/',
  '/sms-terms/',
  '/speed/',
] as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export const GET: APIRoute = () => {
  const urls = PUBLIC_PATHS.map(
    (path) => `  <url><loc>${escapeXml(new URL(path, restaurant.siteUrl).href)}</loc></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
