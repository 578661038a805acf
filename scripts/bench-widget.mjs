// The widget in Chromium under a 4x CPU throttle, for `npm run bench`: a page holding only the
// widget (as a partner pastes it) next to a page holding only a one-line script, both served by
// the running server. For each: the main thread's script time until the page settles (the menu
// drawn), its longest task (each run lists its long tasks, start and length: widget_long_task_starts_ms), and
// when it is ready for a press:
// - widget_menu_interactive_ms: from navigation start until the items' buttons are in the
//   widget's shadow root (whose listeners are in place before anything is drawn), or until the
//   last long task that started before then has ended, whichever is later;
// - one_line_ready_ms: the same for the one-line page, from navigation start until its script ran.
// For the widget, also every widget file fetched before anyone touches it, gzip, from
// dist/widget: what its first paint costs to download. The ordering app's file, fetched when the
// browser is idle as a prefetch (no script runs), is listed apart as idle_prefetch_files.
// Each figure is the median of WIDGET_RUNS (5) runs, each in a Chromium of its own (nothing
// cached from the run before): one run's longest task varied from 80 to 144 ms, and its menu
// interactive from 652 to 1,163 ms, over five runs of the same build. Every run's figures are
// kept in `runs`. Each page is loaded once its Chromium has settled (SETTLE_MS): loaded at once,
// the widget page shared the CPU with Chromium's own start while the one-line page, loaded
// second, did not.
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
const WIDGET_RUNS = Math.max(1, Number.parseInt(process.env.WIDGET_RUNS ?? '', 10) || 5);

/**
 * The middle value (the upper one of an even count). A run that measured nothing (the menu never
 * drawn) counts as the worst, so the median is null when half the runs or more measured nothing.
 */
function medianOf(values) {
  const sorted = values.map((value) => value ?? Infinity).sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  return middle === Infinity ? null : middle;
}

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
    const runs = [];
    for (let run = 0; run < WIDGET_RUNS; run++) {
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
      const widget = await measure(browser, `${baseUrl}/__bench/widget/`, true);
      const oneLine = await measure(browser, `${baseUrl}/__bench/one-line/`, false);
      await browser.close();
      browser = undefined;
      runs.push({ widget, oneLine });
    }
    const median = (figureOf) => medianOf(runs.map(figureOf));
    const first = runs[0].widget;
    return {
      cpu_slowdown: CPU_SLOWDOWN,
      widget_script_ms: median((run) => run.widget.scriptMs),
      widget_longest_task_ms: median((run) => run.widget.longestTaskMs),
      widget_menu_interactive_ms: median((run) => run.widget.readyMs),
      one_line_script_ms: median((run) => run.oneLine.scriptMs),
      one_line_longest_task_ms: median((run) => run.oneLine.longestTaskMs),
      one_line_ready_ms: median((run) => run.oneLine.readyMs),
      first_paint_files: first.widgetFiles,
      first_paint_gzip_bytes: first.widgetFiles.reduce((sum, file) => sum + file.gzip_bytes, 0),
      idle_prefetch_files: first.prefetchedFiles,
      runs: runs.map(({ widget, oneLine }) => ({
        widget_script_ms: widget.scriptMs,
        widget_longest_task_ms: widget.longestTaskMs,
        widget_long_task_starts_ms: widget.longTaskList,
        widget_menu_interactive_ms: widget.readyMs,
        one_line_script_ms: oneLine.scriptMs,
        one_line_longest_task_ms: oneLine.longestTaskMs,
        one_line_ready_ms: oneLine.readyMs,
      })),
    };
  } catch (error) {
    return { error: `Chromium did not run: ${error.message}` };
  } finally {
    await browser?.close();
    remove();
  }
}

/**
 * How long a page waits, open on about:blank, before it loads what is measured: a Chromium just
 * started keeps working on its own start for a while (here up to 0.6 s after its first page opened,
 * on more than one core), and a page loaded meanwhile would be measured sharing the CPU with it.
 */
const SETTLE_MS = 2000;

async function measure(browser, url, isWidget) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto('about:blank');
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const requested = [];
  const prefetched = [];
  page.on('request', (request) => {
    const purpose = request.headers()['sec-purpose'] ?? request.headers()['purpose'] ?? '';
    (purpose.includes('prefetch') ? prefetched : requested).push(new URL(request.url()).pathname);
  });
  // Long tasks from the first byte on: the observer is in place before any script of the page runs.
  // Readiness: the first moment a shadow root holds the items' buttons (each shadow root the page
  // attaches is watched), or the one-line script's mark on <html>.
  await page.addInitScript(() => {
    window.__benchLongTasks = [];
    window.__benchReadyAt = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    const ready = () => {
      if (window.__benchReadyAt === null) window.__benchReadyAt = performance.now();
    };
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const shadow = attach.call(this, init);
      const watch = new MutationObserver(() => {
        if (shadow.querySelector('.items button')) {
          ready();
          watch.disconnect();
        }
      });
      watch.observe(shadow, { childList: true, subtree: true });
      return shadow;
    };
    new MutationObserver((_records, watch) => {
      if (document.documentElement?.dataset.ran) {
        ready();
        watch.disconnect();
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ran'] });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'load' });
  if (isWidget) {
    // The menu is drawn when the shadow root holds the items' buttons. Asked through the DevTools
    // protocol with one short expression: Playwright's own waits evaluate its helper script in the
    // page first, a long task of its own under the throttle that the widget would be blamed for.
    const drawn = `(document.querySelector('comal-order')?.firstElementChild?.shadowRoot?.querySelectorAll('.items button').length ?? 0) > 5`;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: drawn, returnByValue: true });
      if (result.value === true) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await page.waitForLoadState('networkidle');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const { result: read } = await cdp.send('Runtime.evaluate', {
    expression: '({ longTasks: window.__benchLongTasks, readyAt: window.__benchReadyAt })',
    returnByValue: true,
  });
  const { longTasks, readyAt } = read.value;
  await page.close();
  const readyMs =
    readyAt === null
      ? null
      : Math.round(
          Math.max(
            readyAt,
            ...longTasks.filter((task) => task.start < readyAt).map((task) => task.start + task.duration),
          ),
        );
  const scriptSeconds = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
  const gzipped = (paths) =>
    [...new Set(paths.filter((p) => p.startsWith('/widget/')))].map((urlPath) => {
      const file = path.join(root, 'dist', urlPath);
      return { file: urlPath, gzip_bytes: gzipSync(readFileSync(file), { level: 9 }).length };
    });
  return {
    scriptMs: Math.round(scriptSeconds * 1000),
    longestTaskMs: Math.round(Math.max(0, ...longTasks.map((task) => task.duration))),
    longTaskList: longTasks.map((task) => [Math.round(task.start), Math.round(task.duration)]),
    readyMs,
    widgetFiles: gzipped(requested),
    prefetchedFiles: gzipped(prefetched),
  };
}
