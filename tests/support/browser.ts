/**
 * Real Chromium for browser tests: Debian's package driven by playwright-core, with the flags
 * this environment needs (no sandbox as root, no GPU, no background network calls).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

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
