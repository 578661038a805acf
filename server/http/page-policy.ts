/**
 * A site page's Content-Security-Policy: its own files and the sha256 of each inline script it
 * carries (read from the HTML, so no other inline script runs), Stripe on the card pages and
 * Google's Places API on checkout. Used for the static pages (server/static-site.ts) and the
 * pages the server renders with the live menu (server/site-pages.ts).
 */
import { createHash } from 'node:crypto';
import { pathWithoutLocale } from '../../shared/i18n/locale.ts';

/** Pages that take a card with Stripe's Payment Element: checkout pays, /payment/ saves a card. */
const STRIPE_PAGES = new Set(['/checkout/', '/payment/']);
/** Pages with an address field that Google's Places API (New) completes, called from the page. */
const MAPS_PAGES = new Set(['/checkout/']);
// Stripe's documented CSP (docs.stripe.com/security/guide#content-security-policy).
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';
const PLACES_API = 'https://places.googleapis.com';
/** Script types a browser runs; anything else (application/ld+json) is a data block, not code. */
const SCRIPT_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

/** The CSP source ('sha256-…') of every inline script a browser would run in `html`, once each. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attributes}`);
    if (type && !SCRIPT_TYPES.has((type[1] ?? type[2] ?? type[3] ?? '').trim().toLowerCase())) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * A page's policy: its own files and inline scripts; inline styles (Astro's scoped <style>
 * blocks, and the ones Stripe and the widget add at run time, which no hash can name); Stripe on
 * the card pages, Google's Places API on checkout; framed only by the site.
 */
export function contentSecurityPolicy(pagePath: string, scriptHashes: readonly string[]): string {
  const stripe = STRIPE_PAGES.has(pathWithoutLocale(pagePath));
  const maps = MAPS_PAGES.has(pathWithoutLocale(pagePath));
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...(stripe ? STRIPE_SCRIPTS : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(stripe ? [STRIPE_API] : []), ...(maps ? [PLACES_API] : [])]],
    ['frame-src', stripe ? STRIPE_FRAMES : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
