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

/** A stand-in face: its family name, the local font and the descriptors that scale it. */
export interface FallbackFace {
  family: string;
  local: string;
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
}

/** The stand-ins of `family`: '<family> Georgia' and so on. */
export function fallbackFaceList(family: string): FallbackFace[] {
  return HEADING_FALLBACKS.map(([local, scale]) => ({
    family: `${family} ${local}`,
    local,
    sizeAdjust: `${Math.round(scale * 100)}%`,
    ascentOverride: `${(103.6 / scale).toFixed(3)}%`,
    descentOverride: `${(33.3 / scale).toFixed(3)}%`,
    lineGapOverride: '0%',
  }));
}

/** @font-face rules for the stand-ins of `family`. */
export function fallbackFaces(family: string): string {
  return fallbackFaceList(family)
    .map(
      (face) =>
        `@font-face{font-family:'${face.family}';src:local('${face.local}');size-adjust:${face.sizeAdjust};ascent-override:${face.ascentOverride};descent-override:${face.descentOverride};line-gap-override:${face.lineGapOverride}}`,
    )
    .join('\n');
}

/** The font-family list: the face, then its scaled stand-ins, then any serif. */
export function headingStack(family: string): string {
  return [`'${family}'`, ...HEADING_FALLBACKS.map(([local]) => `'${family} ${local}'`), 'Georgia', 'serif'].join(', ');
}
