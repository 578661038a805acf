// The site's own hydration directive (site/scripts/after-paint.ts), for type-checking .astro files.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean;
  }
}
