// Page-load figures for `npm run bench`: Lighthouse 12 (mobile preset, performance only) against a
// running server, and what each page costs to download: its HTML and the JavaScript it loads,
// gzip-compressed, read from the built files (a page the server renders with the live menu is
// asked of the running server). Run alone against a running server with
// `node scripts/lighthouse.mjs http://127.0.0.1:3000 / /menu/`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

export const LIGHTHOUSE_PAGES = ['/', '/menu/', '/catering/', '/order/'];

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const gzipBytes = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The file behind a URL path of the built site or widget, or null when it is not ours. */
function builtFile(distDir, urlPath) {
  const clean = urlPath.split(/[?#]/)[0];
  const file = clean.startsWith('/widget/')
    ? path.join(distDir, 'widget', clean.slice('/widget/'.length))
    : path.join(distDir, 'site', clean.endsWith('/') ? `${clean}index.html` : clean);
  return existsSync(file) ? file : null;
}

/** A module's static imports and its dynamic import() targets, resolved to URL paths. */
function moduleImports(source, fromUrl) {
  const resolve = (spec) =>
    spec.startsWith('.') || spec.startsWith('/') ? new URL(spec, `http://x${fromUrl}`).pathname : null;
  const fromSpecifiers = (pattern) => [...source.matchAll(pattern)].map((m) => resolve(m[1])).filter(Boolean);
  return {
    eager: fromSpecifiers(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+\s*from\s*)?["']([^"']+\.m?js)["']/g),
    lazy: fromSpecifiers(/\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g),
  };
}

/** A page's HTML: the built file, or the running server's answer for a page it renders. */
export async function pageHtml(pagePath, baseUrl, distDir = path.join(root, 'dist')) {
  const file = builtFile(distDir, pagePath);
  if (file) return readFileSync(file, 'utf8');
  const answer = await fetch(new URL(pagePath, baseUrl)).catch(() => null);
  return answer?.ok && (answer.headers.get('content-type') ?? '').startsWith('text/html') ? answer.text() : null;
}

/**
 * What one page (its HTML) makes a browser download before it is usable (HTML, then every script: inline,
 * `<script src>`, Astro islands' component and renderer modules, and their static imports), and
 * what it fetches later through dynamic import() (web-vitals after idle, lazy widget chunks).
 * Null when there is no page (`html` null).
 */
export function pageWeight(html, distDir = path.join(root, 'dist')) {
  if (html == null) return null;
  let inlineJs = 0;
  const entries = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    const src = /\bsrc=["']([^"']+)["']/.exec(attributes)?.[1];
    if (src) entries.add(src);
    else if (!/type=["'](?!module|text\/javascript)[^"']*["']/i.test(attributes) && body.trim())
      inlineJs += gzipBytes(body);
  }
  for (const match of html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)=["']([^"']+)["']/g))
    entries.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*rel=["']modulepreload["'][^>]*href=["']([^"']+)["']/g))
    entries.add(match[1]);

  const eager = new Set();
  const lazy = new Set();
  const visit = (urlPath, set) => {
    if (eager.has(urlPath) || set.has(urlPath)) return;
    const file = builtFile(distDir, urlPath);
    if (!file) return;
    set.add(urlPath);
    const imports = moduleImports(readFileSync(file, 'utf8'), urlPath);
    for (const next of imports.eager) visit(next, set);
    for (const next of imports.lazy) visit(next, lazy);
  };
  for (const entry of entries) {
    if (/^https?:/.test(entry)) continue; // another origin's script: not ours to weigh
    visit(entry, eager);
  }
  for (const urlPath of eager) lazy.delete(urlPath);
  const weigh = (set) =>
    [...set].reduce((sum, urlPath) => sum + gzipBytes(readFileSync(builtFile(distDir, urlPath))), 0);
  return {
    htmlGzip: gzipBytes(Buffer.from(html)),
    jsGzip: inlineJs + weigh(eager),
    jsLazyGzip: weigh(lazy),
    scripts: [...eager].length + (inlineJs ? 1 : 0),
  };
}

/** Lighthouse's figures for each page, one Chromium for all of them; `log` reports progress. */
export async function runLighthouse(baseUrl, pages = LIGHTHOUSE_PAGES, log = () => {}) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 3));
  const results = [];
  try {
    for (const page of pages) {
      // Lighthouse's simulation scales the CPU time it observed, which a busy 2-core machine
      // makes noisy: run each page several times and keep the run with the median LCP.
      const attempts = [];
      for (let i = 0; i < runs; i++) attempts.push(await measure(page));
      attempts.sort((a, b) => (a.lcpMs ?? Infinity) - (b.lcpMs ?? Infinity));
      results.push({
        ...attempts[Math.floor((attempts.length - 1) / 2)],
        runs,
        lcpRangeMs: [attempts[0].lcpMs, attempts.at(-1).lcpMs],
      });
      log(page);
    }
  } finally {
    await chrome.kill();
  }
  return results;

  async function measure(page) {
    const started = Date.now();
    const runner = await lighthouse(`${baseUrl}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = runner?.lhr;
    const audit = (id) => lhr?.audits[id]?.numericValue;
    return {
      page,
      error: lhr?.runtimeError?.message ?? null,
      score: lhr?.categories.performance.score == null ? null : Math.round(lhr.categories.performance.score * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      totalBytes: audit('total-byte-weight'),
      ...lcpDetail(lhr),
      seconds: (Date.now() - started) / 1000,
    };
  }
}

/**
 * Which element Lighthouse took for the LCP (its selector and opening tag) and how the LCP's time
 * splits into its phases (time to first byte, load delay, load time, render delay), from the
 * largest-contentful-paint-element audit; nulls when it found no element.
 */
function lcpDetail(lhr) {
  const [element, phases] = lhr?.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  return {
    lcpElement: node ? { selector: node.selector ?? null, snippet: node.snippet ?? null } : null,
    lcpPhasesMs: phases?.items ? Object.fromEntries(phases.items.map((p) => [p.phase, Math.round(p.timing)])) : null,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseUrl, ...pages] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('usage: node scripts/lighthouse.mjs BASE_URL [PAGE...]');
    process.exit(2);
  }
  const results = await runLighthouse(baseUrl.replace(/\/$/, ''), pages.length ? pages : LIGHTHOUSE_PAGES);
  console.log(
    JSON.stringify(
      await Promise.all(results.map(async (r) => ({ ...r, weight: pageWeight(await pageHtml(r.page, baseUrl)) }))),
      null,
      2,
    ),
  );
}
