/**
 * The widget's heading face on a partner's page. Fonts declared inside a shadow root are not
 * applied by browsers, so the faces (the heading face and its metric-matched local stand-ins,
 * shared/heading-font.ts) are added to the page's document.fonts through the FontFace API, once
 * however many widgets the page holds: no <style> goes into the page, so a CSP without
 * 'unsafe-inline' styles lets them through (font-src must allow the restaurant's origin). The
 * restaurant's own pages declare the face themselves, and the widget uses theirs.
 */
import { fallbackFaceList } from '../shared/heading-font.ts';

export const HEADING_FAMILY = 'Comal Heading';

export function addHostFonts(document: Document, fontUrl: string | null): void {
  const fonts = document.fonts as FontFaceSet | undefined;
  if (!fontUrl || !fonts || typeof FontFace !== 'function') return;
  if ([...fonts].some((face) => face.family.replace(/"/g, '') === HEADING_FAMILY)) return;
  fonts.add(new FontFace(HEADING_FAMILY, `url("${fontUrl}") format("woff2")`, { display: 'swap' }));
  for (const face of fallbackFaceList(HEADING_FAMILY)) {
    const { family, local, ...descriptors } = face;
    fonts.add(new FontFace(family, `local('${local}')`, descriptors));
  }
}
