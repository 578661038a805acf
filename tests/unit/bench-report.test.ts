/**
 * The bench's table and chart (scripts/bench-report.mjs, scripts/bench-svg.mjs): a figure passes
 * or misses its goal as issue 22 sets it, against its limit when the goal is a ratio, a figure not
 * measured is skipped and never fails the run, and the chart draws and names every row.
 */
import { describe, expect, it } from 'vitest';
import { benchRow, benchTable, formatValue, missedRows } from '../../scripts/bench-report.mjs';
import { barShare, benchChartSvg, escapeXml } from '../../scripts/bench-svg.mjs';

const menus = (figure: number | null, limit: number | null) =>
  benchRow({
    id: 'menus-pglite',
    what: 'GET /api/menus/ (PGlite)',
    unit: 'req/s',
    figure,
    limit,
    limitWhat: 'static file',
    goal: { on: 'vs_limit', atLeast: 0.95 },
  });
const lcp = (figure: number | null) =>
  benchRow({
    id: 'lcp-home',
    what: 'LCP of /',
    unit: 'ms',
    figure,
    limit: 700,
    limitWhat: 'empty page',
    goal: { on: 'figure', atMost: 800 },
    note: 'BENCH_LIGHTHOUSE=0',
  });

describe('a row of the bench table', () => {
  it('passes the menu at 0.95 of the static file and misses it at 0.94', () => {
    expect(menus(1900, 2000)).toMatchObject({ vs_limit: 0.95, of_goal: 1, result: 'pass' });
    expect(menus(1880, 2000)).toMatchObject({ vs_limit: 0.94, result: 'fail' });
    // The PGlite figure: 0.56 of the static file.
    expect(menus(1120, 2000)).toMatchObject({ vs_limit: 0.56, of_goal: 0.59, result: 'fail' });
  });

  it('checks LCP against 800 ms itself, showing the empty page beside it', () => {
    expect(lcp(800)).toMatchObject({ figure: 800, limit: 700, vs_limit: 1.14, result: 'pass', goal_text: '≤ 800 ms' });
    expect(lcp(1003)).toMatchObject({ result: 'fail', of_goal: 1.25 });
  });

  it('skips a figure not measured, with the reason, and never counts it as missed', () => {
    const skipped = lcp(null);
    expect(skipped).toMatchObject({ figure: null, limit: 700, result: 'skipped', note: 'BENCH_LIGHTHOUSE=0' });
    expect(menus(1900, null)).toMatchObject({ result: 'skipped', note: 'not measured in this run' });
    expect(missedRows([skipped, lcp(900), menus(1900, 2000)]).map((row) => row.what)).toEqual(['LCP of /']);
  });

  it('shows a limit of 0 without dividing by it, and meets a goal of 0 only at 0', () => {
    const tbt = benchRow({
      id: 'order-tbt',
      what: 'TBT of /order/',
      unit: 'ms',
      figure: 111,
      limit: 0,
      limitWhat: 'empty page',
      goal: { on: 'figure', atMost: 50 },
    });
    expect(tbt).toMatchObject({ limit: 0, vs_limit: null, result: 'fail', of_goal: 2.22 });
    const idle = (figure: number) =>
      benchRow({ id: 'idle', what: 'idle boards', unit: '', figure, goal: { on: 'figure', atMost: 0 } });
    expect(idle(0)).toMatchObject({ result: 'pass', of_goal: 0 });
    expect(idle(240)).toMatchObject({ result: 'fail', of_goal: null });
  });

  it('reports a figure without a goal and never fails it', () => {
    const row = benchRow({ id: 'p95', what: 'paid to board p95', unit: 'ms', figure: 12.345 });
    expect(row).toMatchObject({ figure: 12.35, result: 'reported', goal: null, goal_text: '-' });
  });

  it('prints each row beside its limit, the ratio and the result, and the reason under a skipped row', () => {
    const table = benchTable([menus(1120, 2000), lcp(null)]).split('\n');
    expect(table[0]).toMatch(/^figure\s+measured\s+limit \(same run\)\s+vs limit\s+goal\s+of goal\s+result$/);
    expect(table[2]).toMatch(
      /^GET \/api\/menus\/ \(PGlite\)\s+1,120 req\/s\s+2,000 req\/s \(static file\)\s+0\.56x\s+≥ 0\.95x limit\s+0\.59\s+FAIL$/,
    );
    expect(table[3]).toMatch(/^LCP of \/\s+-\s+700 ms \(empty page\)\s+-\s+≤ 800 ms\s+-\s+skipped$/);
    expect(table[4]).toBe('  skipped: BENCH_LIGHTHOUSE=0');
  });

  it('writes bytes in KB as the widget budget is set', () => {
    expect(formatValue(20 * 1024, 'bytes')).toBe('20.0 KB');
    expect(formatValue(30_106, 'bytes')).toBe('29.4 KB');
  });
});

describe('the bench chart', () => {
  const rows = [
    menus(1120, 2000),
    lcp(null),
    lcp(400),
    benchRow({
      id: 'x<&>',
      what: 'Tacos & "salsa" <fast>',
      unit: 'ms',
      figure: 90,
      goal: { on: 'figure', atMost: 30 },
    }),
  ];
  const svg = benchChartSvg(rows, { date: '2026-11-22' });

  it('draws one named group per row, bars as long as the share of the goal, capped at twice the goal', () => {
    expect(svg.match(/<g data-row=/g)).toHaveLength(rows.length);
    expect(rows.map(barShare)).toEqual([0.295, 0, 0.25, 1]);
    // Bar width: share x 250 px; the goal line at half the drawn width.
    expect(svg).toContain('<rect x="330" y="48" width="74" height="18" fill="#c62828"/>');
    expect(svg).toContain('<line x1="455"');
  });

  it('says each row in words: its name, its share of the goal and met, missed or skipped', () => {
    expect(svg).toContain('>GET /api/menus/ (PGlite)</text>');
    expect(svg).toContain('>0.59 of goal, missed</text>');
    expect(svg).toContain('>skipped</text>');
    expect(svg).toContain('>0.5 of goal, met</text>');
  });

  it('is an image with a title for screen readers and escapes every name it prints', () => {
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="bench-chart-title">/);
    expect(svg).toContain('<title id="bench-chart-title">Figures as a share of their goals, 2026-11-22</title>');
    expect(svg).toContain('>Tacos &amp; &quot;salsa&quot; &lt;fast&gt;</text>');
    expect(svg).toContain('data-row="x&lt;&amp;&gt;"');
    expect(svg).not.toContain('style=');
    expect(escapeXml(`<a href='x'>`)).toBe('&lt;a href=&apos;x&apos;&gt;');
  });
});
