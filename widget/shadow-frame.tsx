/**
 * The widget's shadow root with its styles: whatever the widget shows goes inside, out of reach
 * of the host page's CSS. Each <comal-order> holds one <div> whose open shadow root the widget
 * draws into (the first paint's menu, then the ordering app in the same nodes). The styles are
 * one constructable style sheet adopted by every shadow root of the page, which a page's CSP
 * (`style-src 'self'`) does not govern; a browser without constructable sheets gets a <style>
 * carrying the script tag's nonce, which ShadowFrame keeps in place as the first child.
 */
import type { ReactNode } from 'react';

/** The styles a browser without constructable sheets gets as a <style>, and its nonce. */
export interface FallbackStyles {
  css: string;
  nonce: string;
}

let fallback: FallbackStyles | null = null;

/** What ShadowFrame renders for a browser without constructable sheets (null: the sheet is adopted). */
export function setFallbackStyles(styles: FallbackStyles | null): void {
  fallback = styles;
}

/** The sheet every shadow root adopts, or null when the browser has no constructable sheets. */
export function adoptableSheet(css: string): CSSStyleSheet | null {
  try {
    if (!('adoptedStyleSheets' in Document.prototype)) return null;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  } catch {
    return null;
  }
}

/**
 * The shadow root of the host's frame: its first child, a <div> with an open shadow root, made
 * once (with the sheet adopted; whatever the page put in the host, such as a loading line, makes
 * way for it) and found again after. The frame says the widget's language (`lang`), which may
 * not be the page's: a screen reader reads what is inside in that language.
 */
export function shadowRootOf(host: HTMLElement, sheet: CSSStyleSheet | null, lang: string): ShadowRoot {
  let frame = host.firstElementChild as HTMLElement | null;
  if (!frame?.shadowRoot) {
    frame = host.ownerDocument.createElement('div');
    host.replaceChildren(frame);
    const root = frame.attachShadow({ mode: 'open' });
    if (sheet) root.adoptedStyleSheets = [sheet];
  }
  frame.lang = lang;
  return frame.shadowRoot!;
}

/**
 * A lazy chunk's styles in a shadow root, once: its sheet adopted, or, in a browser without
 * constructable sheets, a <style> carrying the script tag's nonce.
 */
export function addChunkStyles(root: ShadowRoot, chunk: string, styles: CSSStyleSheet | string): void {
  if (typeof styles !== 'string') {
    if (!root.adoptedStyleSheets.includes(styles)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, styles];
    return;
  }
  if ([...root.querySelectorAll('style')].some((style) => style.dataset.chunk === chunk)) return;
  const style = root.ownerDocument.createElement('style');
  style.dataset.chunk = chunk;
  if (fallback?.nonce) style.nonce = fallback.nonce;
  style.textContent = styles;
  root.prepend(style);
}

/** The action colour: a CSS colour in hex only, set through the CSSOM (a CSP allows that). */
export function themeColour(host: HTMLElement): void {
  const colour = host.getAttribute('theme-color')?.trim() ?? '';
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour)) host.style.setProperty('--comal-action', colour);
  else host.style.removeProperty('--comal-action');
}

/** The <style> of a browser without constructable sheets, then what the screen shows. */
export function ShadowFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {fallback && <style nonce={fallback.nonce || undefined}>{fallback.css}</style>}
      {children}
    </>
  );
}
