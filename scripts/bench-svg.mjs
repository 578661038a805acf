// The bench's chart (bench/results/latest.svg, inlined on /speed/): one bar per row of the table,
// its length the checked figure as a share of its goal, a line where the goal is, and the row's
// name, share and result written out, so the colour is never the only sign. Presentation
// attributes only (no style attribute), so a page under `style-src 'self'` shows it as drawn.

const WIDTH = 760;
const LABEL_WIDTH = 330;
const BAR_WIDTH = 250;
const ROW_HEIGHT = 34;
const TOP = 44;
/** Bars stop at twice the goal: a figure ten times over it draws as long as one twice over. */
const MAX_SHARE = 2;
const COLOURS = { pass: '#2e7d32', fail: '#c62828', skipped: '#9e9e9e', reported: '#5c6bc0' };
const WORDS = { pass: 'met', fail: 'missed', skipped: 'skipped', reported: 'no goal' };

/** Text for XML: the five characters that would end or break an element or attribute. */
export function escapeXml(text) {
  return String(text).replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c],
  );
}

/** How long a row's bar is, from 0 to 1 of the drawn width (the goal is at 1 / MAX_SHARE). */
export function barShare(row) {
  if (row.result === 'skipped' || row.result === 'reported') return 0;
  if (row.of_goal == null) return row.result === 'fail' ? 1 : 0; // a goal of 0, missed
  return Math.min(row.of_goal, MAX_SHARE) / MAX_SHARE;
}

/** The chart of `rows` (benchRow's shape) as an SVG document; `title` names it for screen readers. */
export function benchChartSvg(rows, { title = 'Figures as a share of their goals', date = '' } = {}) {
  const height = TOP + rows.length * ROW_HEIGHT + 16;
  const goalX = LABEL_WIDTH + BAR_WIDTH / MAX_SHARE;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="bench-chart-title">`,
    `<title id="bench-chart-title">${escapeXml(date ? `${title}, ${date}` : title)}</title>`,
    `<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LABEL_WIDTH}" y="20" font-family="sans-serif" font-size="13" fill="#333333">0</text>`,
    `<text x="${goalX}" y="20" font-family="sans-serif" font-size="13" fill="#333333" text-anchor="middle">goal</text>`,
    `<text x="${LABEL_WIDTH + BAR_WIDTH}" y="20" font-family="sans-serif" font-size="13" fill="#333333" text-anchor="end">2x goal</text>`,
  ];
  rows.forEach((row, i) => {
    const y = TOP + i * ROW_HEIGHT;
    const length = Math.round(barShare(row) * BAR_WIDTH);
    const share = row.of_goal == null ? '' : `${row.of_goal} of goal, `;
    parts.push(
      `<g data-row="${escapeXml(row.id)}">`,
      `<text x="${LABEL_WIDTH - 8}" y="${y + 17}" font-family="sans-serif" font-size="13" fill="#111111" text-anchor="end">${escapeXml(row.what)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y + 4}" width="${BAR_WIDTH}" height="18" fill="#eeeeee"/>`,
      `<rect x="${LABEL_WIDTH}" y="${y + 4}" width="${length}" height="18" fill="${COLOURS[row.result]}"/>`,
      `<text x="${LABEL_WIDTH + BAR_WIDTH + 8}" y="${y + 17}" font-family="sans-serif" font-size="13" fill="#111111">${escapeXml(`${share}${WORDS[row.result]}`)}</text>`,
      `</g>`,
    );
  });
  parts.push(
    `<line x1="${goalX}" y1="26" x2="${goalX}" y2="${height - 12}" stroke="#111111" stroke-width="2" stroke-dasharray="4 3"/>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
