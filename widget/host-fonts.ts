/**
 * The widget's heading face. Fonts declared inside a shadow root are not applied
 * (ARCHITECTURE.md), so the @font-face rule goes into the host page's head, once however many
 * widgets the page holds; the shadow root's styles then use the family by name.
 */
export const HEADING_FAMILY = 'Comal Heading';

export function addHostFonts(document: Document, fontUrl: string | null): void {
  if (!fontUrl || document.querySelector('style[data-comal-fonts]')) return;
  const style = document.createElement('style');
  style.dataset.comalFonts = '';
  style.textContent = `@font-face{font-family:"${HEADING_FAMILY}";src:url("${fontUrl}") format("woff2");font-display:swap}`;
  document.head.append(style);
}
