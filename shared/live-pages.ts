/**
 * The site's pages that print the menu. The server renders them with the live menu (the answer
 * GET /api/menus/ gives the widget) and keeps each rendered page until the menu changes
 * (server/site-pages.ts), so visitors get ready HTML and an edit in the admin area or in the
 * point-of-sale shows on them at the next request. Every other page is built once, as files.
 * Each page here says `export const prerender = false` in site/pages/ (a test checks both agree).
 */
import { localePath } from './i18n/locale.ts';

/** The pages that exist in English and under /es/. */
const IN_BOTH_LANGUAGES = ['/', '/menu/', '/catering/', '/family-meals/', '/tacoboxes/', '/about-us/'];

export const LIVE_PAGES: readonly string[] = [
  ...IN_BOTH_LANGUAGES,
  ...IN_BOTH_LANGUAGES.map((page) => localePath(page, 'es')),
  '/embed/',
];

const live = new Set(LIVE_PAGES);

/** Whether a request path is a live page ('/menu/', '/es/menu/'). */
export function isLivePage(pathname: string): boolean {
  return live.has(pathname);
}
