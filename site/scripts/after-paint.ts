/**
 * `client:afterpaint`, the site's own hydration directive (registered in astro.config.mjs): an
 * island wakes once the browser reports the page's first contentful paint shown, at the next
 * idle moment after it. Astro's client:idle and client:visible may fire between the first layout
 * and the paint reaching the screen; on a slow phone the island's scripts would then be requests
 * the first paint waits behind. The islands it serves (header menus, the cart count, scripts that
 * only enhance a page) are printed already, so nothing a visitor sees changes when they wake.
 */
import type { ClientDirective } from 'astro';

/** How long an idle moment may keep an island waiting, on a page that is never idle. */
const IDLE_TIMEOUT_MS = 2000;

/** Calls `callback` once the first contentful paint is on the screen (or, without paint entries, a frame after). */
function afterFirstPaint(callback: () => void): void {
  const entryTypes = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? []);
  if (!entryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(callback, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(callback, 200);
}

const afterPaint: ClientDirective = (load) => {
  afterFirstPaint(() =>
    whenIdle(() => {
      void load().then((hydrate) => hydrate());
    }),
  );
};

export default afterPaint;
