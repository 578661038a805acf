/**
 * /speed/ publishes the bench's latest figures (bench/results/latest.json, written by
 * `npm run bench`) as the site was built from them: every row's figure, limit, goal and result,
 * the date and the machine, the chart, and how to reproduce them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, watchErrors } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

interface Row {
  id: string;
  what: string;
  unit: string;
  figure: number | null;
  limit: number | null;
  goal_text: string;
  result: 'pass' | 'fail' | 'skipped' | 'reported';
}
interface Results {
  generated_at: string;
  machine: { cpu: string; cpus: number; node: string };
  rows: Row[];
}

const RESULTS_FILE = new URL('../../bench/results/latest.json', import.meta.url);
const results = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Results) : null;
const WORDS = { pass: 'met', fail: 'missed', skipped: 'skipped', reported: 'no goal' };
/** A figure as the English page writes it (en-US grouping, bytes in KB with one decimal). */
const shown = (value: number | null, unit: string) => {
  if (value == null) return '–';
  if (unit === 'bytes') return `${(value / 1024).toFixed(1)} KB`;
  const number = value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return unit ? `${number} ${unit}` : number;
};

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/speed/', () => {
  it('has the committed bench results to show', () => {
    expect(results, 'bench/results/latest.json').not.toBeNull();
    expect(results!.rows.length).toBeGreaterThan(10);
  });

  it("shows every row of the bench's latest results with its figure, limit, goal and result", async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/speed/`);
    const table = page.getByRole('table', { name: 'Each figure beside its limit and its goal' });
    await expect(table.locator('tbody tr').count()).resolves.toBe(results!.rows.length);
    for (const row of results!.rows) {
      const cells = await table.locator(`tr[data-row="${row.id}"]`).locator('th, td').allTextContents();
      const [what, figure, limit, goal, result] = cells.map((cell) => cell.replace(/\s+/g, ' ').trim());
      expect(what).toBe(row.what);
      expect(figure).toBe(shown(row.figure, row.unit));
      expect(limit!.startsWith(shown(row.limit, row.unit))).toBe(true);
      expect(goal).toBe(row.goal_text);
      expect(result!.startsWith(WORDS[row.result])).toBe(true);
    }
    await expect(page.locator('time').getAttribute('datetime')).resolves.toBe(results!.generated_at);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain(`${results!.machine.cpu}, ${results!.machine.cpus} processors`);
    expect(text).toContain('npm ci && npm run build && npm run bench');
    for (const variable of ['BENCH_SECONDS', 'BENCH_LIGHTHOUSE=0', 'DATABASE_URL']) expect(text).toContain(variable);
    // The chart, one bar group a row, named for screen readers.
    const chart = page.getByRole('img', { name: /^Figures as a share of their goals/ });
    await expect(chart.locator('g[data-row]').count()).resolves.toBe(results!.rows.length);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is linked from the footer in both languages', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/privacy/`);
    await expect(
      page.locator('footer').getByRole('link', { name: 'Speed', exact: true }).getAttribute('href'),
    ).resolves.toBe('/speed/');
    await page.goto(`${server.url}/es/privacy/`);
    await expect(
      page.locator('footer').getByRole('link', { name: 'Velocidad', exact: true }).getAttribute('href'),
    ).resolves.toBe('/es/speed/');
    await page.close();
  });
});
