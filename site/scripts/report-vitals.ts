/**
 * Field measurements of Core Web Vitals: layout shift, input delay, first and largest paint
 * and time to first byte, as real visitors' browsers see them. The web-vitals library is
 * fetched only once the page has loaded and the browser is idle, so it never competes with the
 * page itself; it reads the paints it missed from the browser's buffered performance entries.
 * Each metric is reported once per page view with a beacon to POST /api/vitals/, which survives
 * the page being hidden or closed (when CLS, INP and LCP are final).
 */
import type { Metric } from 'web-vitals';

const ENDPOINT = '/api/vitals/';
/** How long to wait for an idle moment before loading anyway. */
const IDLE_TIMEOUT_MS = 3000;
/** Where requestIdleCallback is missing (Safari), this long after load. */
const FALLBACK_DELAY_MS = 1500;

function report(metric: Metric): void {
  const body = JSON.stringify({
    name: metric.name,
    value: metric.value,
    rating: metric.rating,
    id: metric.id,
    path: location.pathname.slice(0, 300),
    navigation_type: metric.navigationType,
  });
  // A string beacon goes as text/plain, which needs no CORS preflight; the server reads it as JSON.
  let queued = false;
  try {
    queued = navigator.sendBeacon?.(ENDPOINT, body) ?? false;
  } catch {
    queued = false;
  }
  if (!queued) {
    fetch(ENDPOINT, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'text/plain' },
    }).catch(() => {});
  }
}

function measure(): void {
  import('web-vitals')
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      onCLS(report);
      onFCP(report);
      onINP(report);
      onLCP(report);
      onTTFB(report);
    })
    .catch(() => {
      // Measuring is a nicety: a failed chunk load must not bother the visitor.
    });
}

function whenIdle(): void {
  if ('requestIdleCallback' in window) requestIdleCallback(measure, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(measure, FALLBACK_DELAY_MS);
}

if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
