// The widget in Chromium under a 4x CPU throttle, for `npm run bench`: a page holding only the
// widget (as a partner pastes it) next to a page holding only a one-line script, both served by
// the running server. For each: the main thread's script time until the page settles (the menu
// drawn), and its longest task. For the widget, also every widget file fetched before anyone
// touches it, gzip, from dist/widget: what its first paint costs to download.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CPU_SLOWDOWN = 4;

const shell = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body>${body}</body></html>\n`;

/** Writes the two pages under dist/site/__bench/ (the server serves them as built files); answers how to remove them. */
function writePages() {
  const dir = path.join(root, 'dist', 'site', '__bench');
  mkdirSync(path.join(dir, 'widget'), { recursive: true });
  mkdirSync(path.join(dir, 'one-line'), { recursive: true });
  writeFileSync(
    path.join(dir, 'widget', 'index.html'),
    shell('Widget alone', '<comal-order mode="order"></comal-order><script src="/widget/comal.js" async></script>'),
  );
  writeFileSync(
    path.join(dir, 'one-line', 'index.html'),
    shell('One line', '<script src="/__bench/one-line.js"></script>'),
  );
  writeFileSync(path.join(dir, 'one-line.js'), "document.documentElement.dataset.ran = 'yes';\n");
  return () => {
    for (const name of ['widget', 'one-line', 'one-line.js'])
      rmSync(path.join(dir, name), { recursive: true, force: true });
  };
}

/**
 * Both pages' figures (ms, bytes), or `{ error }` when Chromium is missing or fails. `baseUrl` is
 * the running server's address.
 */
export async function widgetUnderThrottle(baseUrl) {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (error) {
    return { error: `playwright-core could not be loaded: ${error.message}` };
  }
  const remove = writePages();
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const widget = await measure(browser, `${baseUrl}/__bench/widget/`, true);
    const oneLine = await measure(browser, `${baseUrl}/__bench/one-line/`, false);
    return {
      cpu_slowdown: CPU_SLOWDOWN,
      widget_script_ms: widget.scriptMs,
      widget_longest_task_ms: widget.longestTaskMs,
      widget_long_tasks: widget.longTasks,
      one_line_script_ms: oneLine.scriptMs,
      one_line_longest_task_ms: oneLine.longestTaskMs,
      first_paint_files: widget.widgetFiles,
      first_paint_gzip_bytes: widget.widgetFiles.reduce((sum, file) => sum + file.gzip_bytes, 0),
    };
  } catch (error) {
    return { error: `Chromium did not run: ${error.message}` };
  } finally {
    await browser?.close();
    remove();
  }
}

async function measure(browser, url, isWidget) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const requested = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // Long tasks from the first byte on: the observer is in place before any script of the page runs.
  await page.addInitScript(() => {
    window.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'load' });
  if (isWidget) {
    // The menu is drawn when the shadow root holds the items' buttons.
    await page
      .waitForFunction(
        () => (document.querySelector('comal-order')?.shadowRoot?.querySelectorAll('button').length ?? 0) > 5,
        null,
        {
          timeout: 20_000,
        },
      )
      .catch(() => {});
  }
  await page.waitForLoadState('networkidle');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const longTasks = await page.evaluate(() => window.__benchLongTasks);
  await page.close();
  const scriptSeconds = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
  const widgetFiles = [...new Set(requested.filter((p) => p.startsWith('/widget/')))].map((urlPath) => {
    const file = path.join(root, 'dist', urlPath);
    return { file: urlPath, gzip_bytes: gzipSync(readFileSync(file), { level: 9 }).length };
  });
  return {
    scriptMs: Math.round(scriptSeconds * 1000),
    longestTaskMs: Math.round(Math.max(0, ...longTasks)),
    longTasks: longTasks.length,
    widgetFiles,
  };
}
