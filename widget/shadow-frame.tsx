/**
 * The widget's shadow root with its styles: whatever the widget shows goes inside, out of reach
 * of the host page's CSS. The styles are one constructable style sheet adopted by every shadow
 * root of the page, which a page's CSP (`style-src 'self'`) does not govern; a browser without
 * constructable sheets gets a <style> carrying the script tag's nonce.
 */
import type { ReactNode } from 'react';
import root from 'react-shadow';
import { widgetStyles } from './styles.ts';

// react-shadow types every tag as optional; div is always there.
const ShadowDiv = root.div!;

/** The nonce of the script tag that loaded the widget, read while it runs (after, it is gone). */
const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';

function adoptedSheets(): CSSStyleSheet[] {
  try {
    if (!('adoptedStyleSheets' in Document.prototype)) return [];
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetStyles);
    return [sheet];
  } catch {
    return [];
  }
}

// One stable list: react-shadow re-attaches the shadow root when it gets a new array.
const SHEETS = adoptedSheets();

export function ShadowFrame({ children }: { children: ReactNode }) {
  return (
    <ShadowDiv styleSheets={SHEETS}>
      {SHEETS.length === 0 && <style nonce={nonce || undefined}>{widgetStyles}</style>}
      {children}
    </ShadowDiv>
  );
}
