/**
 * The heading face (Alfa Slab One, self-hosted and cut down by scripts/heading-font.mjs) and the
 * local serifs that stand in until it arrives, each scaled to the same width and given the same
 * ascent and descent, so the swap rewraps no line and moves nothing (measured over our headings
 * in Chromium: Noto Serif x1.13, DejaVu Serif x1.05; Georgia, not measurable here, taken as
 * x1.15). The site's pages and the widget on a partner's page declare it the same way.
 */
export const HEADING_FALLBACKS: readonly (readonly [local: string, scale: number])[] = [
  ['Georgia', 1.15],
  ['Noto Serif', 1.13],
  ['DejaVu Serif', 1.05],
];

/** @font-face rules for the stand-ins of `family`: '<family> Georgia' and so on. */
export function fallbackFaces(family: string): string {
  return HEADING_FALLBACKS.map(
    ([local, scale]) =>
      `@font-face{font-family:'${family} ${local}';src:local('${local}');size-adjust:${Math.round(scale * 100)}%;ascent-override:${(103.6 / scale).toFixed(1)}%;descent-override:${(33.3 / scale).toFixed(1)}%;line-gap-override:0%}`,
  ).join('\n');
}

/** The font-family list: the face, then its scaled stand-ins, then any serif. */
export function headingStack(family: string): string {
  return [`'${family}'`, ...HEADING_FALLBACKS.map(([local]) => `'${family} ${local}'`), 'Georgia', 'serif'].join(', ');
}
