/**
 * Real Chromium for browser tests: Debian's package driven by playwright-core, with the flags
 * this environment needs (no sandbox as root, no GPU, no background network calls).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
import { waitFor } from './wait-for.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * The suite's shared Chromium (tests/support/chromium-server.ts) when the browser suite started
 * one, else a Chromium of this file's own. Closing what this answers closes only its connection.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Collects console errors and uncaught page errors, which a page must not have. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** No request of the page's own in flight for this long: the page has settled (as 'networkidle' counts it). */
const QUIET_MS = 500;

/**
 * The browser's own background check of a cached API answer that has gone stale
 * (`stale-while-revalidate`: the menu answer is fresh for 30 s): a GET to /api/ that no script
 * made. The page already has its answer from the cache. Chromium tells DevTools the check began
 * but not that it ended, and gives it up seconds later.
 */
function isBackgroundRevalidation(request: Request): boolean {
  return (
    request.resourceType() === 'other' &&
    request.method() === 'GET' &&
    new URL(request.url()).pathname.startsWith('/api/')
  );
}

/**
 * Runs `action` (a navigation, a scroll that loads lazy images), then waits until the page has
 * had no request in flight for 500 ms, as Playwright's 'networkidle' does, except the browser's
 * background revalidations: 'networkidle' waited 6-9 s for one of those whenever a page kept for
 * more than 30 s loaded the menu again.
 */
export async function settled<T>(page: Page, action: () => Promise<T>): Promise<T> {
  const inFlight = new Set<Request>();
  let lastChange = performance.now();
  const began = (request: Request) => {
    if (isBackgroundRevalidation(request)) return;
    inFlight.add(request);
    lastChange = performance.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = performance.now();
  };
  page.on('request', began);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const result = await action();
    await waitFor(
      () => {
        if (inFlight.size > 0) throw new Error(`in flight: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        return performance.now() - lastChange >= QUIET_MS;
      },
      { timeoutMs: 30_000, intervalMs: 50, what: `no request in flight for ${QUIET_MS} ms` },
    );
    return result;
  } finally {
    page.off('request', began);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's violations of WCAG 2.2 AA and its best practices on the page as it is now, shadow roots included, each as
 * "rule: the elements it found" so a failure says where to look.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the pages' CSP (rightly) refuses an inline script it has no hash for.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    // A modal <dialog> sits in the browser's top layer, above everything, which axe's target-size
    // rule does not know: it counts the page's fixed header as covering the dialog's buttons. With
    // one open, target size is measured here instead, from what the browser itself finds on top.
    const modals: Element[] = [];
    const walk = (root: Document | ShadowRoot) => {
      modals.push(...root.querySelectorAll('dialog:modal'));
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
    };
    walk(document);
    // WCAG 2.0 to 2.2, A and AA (2.2 adds target size), and axe's best practices.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'],
      },
      ...(modals.length > 0 ? { rules: { 'target-size': { enabled: false } } } : {}),
    });
    const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
    const onTop = (x: number, y: number) => {
      let hit: Element | null = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      return hit;
    };
    for (const modal of modals) {
      for (const control of modal.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"])')) {
        // WCAG 2.5.8's exceptions: a link inside a sentence; a box's target is its whole label.
        const parentText = control.parentElement?.textContent?.trim() ?? '';
        if (control.tagName === 'A' && parentText.length > (control.textContent?.trim().length ?? 0)) continue;
        const target = control.closest('label') ?? control;
        const box = target.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > innerHeight) continue;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        // Scrolled out of the dialog's view (one scroll away), not covered: what a customer sees is
        // the part of it inside the dialog and inside each scrolling box around it.
        let clip: DOMRect = modal.getBoundingClientRect();
        let outside = false;
        for (
          let scroller: Element | null = target.parentElement;
          scroller && scroller !== modal;
          scroller = scroller.parentElement
        ) {
          if (!/(auto|scroll|hidden)/.test(getComputedStyle(scroller).overflowY)) continue;
          clip = scroller.getBoundingClientRect();
          if (y < clip.top || y > clip.bottom) outside = true;
        }
        if (outside || y < clip.top || y > clip.bottom || x < clip.left || x > clip.right) continue;
        const hit = onTop(x, y);
        const small = box.width < 24 || box.height < 24;
        // Covered from outside the dialog (the page's own layers); within it, a control scrolled
        // under the dialog's sticky footer is one scroll away, not hidden.
        const covered = !hit || !(modal.contains(hit) || hit.contains(modal));
        if (small || covered)
          found.push(`target-size (top layer): ${target.outerHTML.slice(0, 80)} ${small ? 'under 24 px' : 'covered'}`);
      }
    }
    return found;
  });
}
