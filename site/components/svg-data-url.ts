/**
 * A small SVG as a data: URL, for an image the first paint shows (the header's logo and its
 * "Order Online" button): it comes with the page instead of as a request of its own, which on a
 * slow phone would cost a round trip before the page is whole. Only what a data: URL in a
 * double-quoted attribute cannot carry is changed (double quotes become single where the drawing
 * has none of its own, else are escaped, as are `%`, `#` and non-ASCII letters), so it weighs
 * about what the file does.
 */
export function svgDataUrl(svg: string): string {
  const oneLine = svg.trim().replace(/\s*\n\s*/g, ' ');
  // Single quotes stand in for double ones, unless the drawing has its own ("Georgia, 'Times New Roman'").
  const quoted = oneLine.includes("'") ? oneLine : oneLine.replaceAll('"', "'");
  const escaped = quoted.replace(/[%#"]|[^\x20-\x7e]/g, (character) => encodeURIComponent(character));
  return `data:image/svg+xml,${escaped}`;
}
