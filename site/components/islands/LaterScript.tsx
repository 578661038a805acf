import { useEffect } from 'react';

/**
 * The scripts that only enhance a page (field measurements, the menu's diet filter), each
 * fetched when its island hydrates (client:afterpaint: once the first paint is on the screen and
 * the browser is idle), so none is a request the first paint waits for on a slow phone, as a
 * module script in the page would be. Renders nothing.
 */
const scripts = {
  'web-vitals': () => import('../../scripts/report-vitals.ts'),
  'menu-filter': () => import('../../scripts/menu-filter.ts'),
} as const;

export type LaterScriptName = keyof typeof scripts;

export default function LaterScript({ name }: { name: LaterScriptName }) {
  useEffect(() => {
    scripts[name]().catch(() => {
      // An enhancement that fails to load leaves the page as it was printed: whole.
    });
  }, [name]);
  return null;
}
