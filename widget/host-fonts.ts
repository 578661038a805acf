/**
 * The widget's heading face on a partner's page. Fonts declared inside a shadow root are not
 * applied by browsers, so the @font-face rules (the face and its metric-matched local
 * stand-ins, shared/heading-font.ts) go into the host page's head, once however many widgets the
 * page holds. The restaurant's own pages declare the face themselves, and the widget uses theirs.
 */
import { fallbackFaces } from '../shared/heading-font.ts';

export const HEADING_FAMILY = 'Comal Heading';

export function addHostFonts(document: Document, fontUrl: string | null): void {
  if (!fontUrl || document.querySelector('style[data-comal-fonts]')) return;
  const style = document.createElement('style');
  style.dataset.comalFonts = '';
  style.textContent = `@font-face{font-family:"${HEADING_FAMILY}";src:url("${fontUrl}") format("woff2");font-display:swap}\n${fallbackFaces(HEADING_FAMILY)}`;
  document.head.append(style);
}
