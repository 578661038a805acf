/** @vitest-environment-options {"settings":{"enableJavaScriptEvaluation":true,"suppressInsecureJavaScriptEnvironmentWarning":true}} */
/*
 * Loading a lazy chunk (widget/chunk-loader.ts) from a real local HTTP server, in happy-dom:
 * the script and its CSS arrive as the module and a constructable style sheet; a script that
 * fails, a style chunk that fails, and a script that never answers within 120000 ms each raise
 * ChunkLoadError 'Loading chunk {name} failed' (the CSS one with code CSS_CHUNK_LOAD_FAILED);
 * and after a failure, "Try again" asks the network again, with ?retry=1 on the URL.
 *
 * happy-dom setup (the docblock above, for this file only, so vitest.config.ts is unchanged):
 * happy-dom 21 loads a <script src> only with `enableJavaScriptEvaluation`; without it every
 * chunk script fires 'error' and no request is made. Also, happy-dom runs a classic script
 * inside a function wrapper whose `this` is not the window (compare capricorn86/happy-dom#2374),
 * so the served chunk bodies register with `window.ComalWidgetChunks` where the built chunks
 * (rollup's iife with `extend`) write `this.ComalWidgetChunks`; in a browser both are the window.
 * happy-dom logs every failed request ("GET ... 404 (Not Found)") to the console: expected here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, createChunkLoader } from '../../widget/chunk-loader.ts';
import type { ChunkFiles } from '../../widget/chunk-files.ts';
import { addChunkStyles, setFallbackStyles } from '../../widget/shadow-frame.tsx';

const DEMO_JS = 'window.ComalWidgetChunks=window.ComalWidgetChunks||{};window.ComalWidgetChunks.demo={answer:42};';
const DEMO_CSS = '.checkout-total { font-weight: 700; }';

const files: ChunkFiles = {
  demo: { js: 'demo.abc.js', css: 'demo.abc.css' },
  missing: { js: 'missing.abc.js' },
  unstyled: { js: 'unstyled.abc.js', css: 'broken.abc.css' },
  silent: { js: 'silent.abc.js' },
  flaky: { js: 'flaky.abc.js' },
  slow: { js: 'slow.abc.js' },
};

let server: Server;
let origin: string;
/** Every path (with query) the server was asked for, in order. */
let requests: string[];
/** Requests to /chunks/slow.abc.js, held open; the promise resolves when the first arrives. */
let held: ServerResponse[];
let slowRequested: Promise<void>;
let onSlowRequest: () => void;

function answer(request: IncomingMessage, response: ServerResponse) {
  const url = request.url ?? '';
  requests.push(url);
  const js = (body: string) => response.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
  switch (url.split('?')[0]) {
    case '/chunks/demo.abc.js':
      return js(DEMO_JS);
    case '/chunks/demo.abc.css':
      return response.writeHead(200, { 'content-type': 'text/css' }).end(DEMO_CSS);
    case '/chunks/unstyled.abc.js':
      return js('window.ComalWidgetChunks=window.ComalWidgetChunks||{};window.ComalWidgetChunks.unstyled={answer:7};');
    case '/chunks/broken.abc.css':
      return response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    case '/chunks/silent.abc.js':
      // a script that runs but registers some other chunk, not the one asked for
      return js('window.ComalWidgetChunks=window.ComalWidgetChunks||{};window.ComalWidgetChunks.other={};');
    case '/chunks/flaky.abc.js':
      // fails the first time, answers on "Try again"
      if (!url.includes('?retry=')) return response.writeHead(503).end();
      return js(
        'window.ComalWidgetChunks=window.ComalWidgetChunks||{};window.ComalWidgetChunks.flaky={answer:"back"};',
      );
    case '/chunks/slow.abc.js':
      held.push(response);
      onSlowRequest();
      return;
    default:
      return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  }
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/order/`);
  delete (window as { ComalWidgetChunks?: unknown }).ComalWidgetChunks;
  requests = [];
  held = [];
  slowRequested = new Promise((resolve) => (onSlowRequest = resolve));
});

afterEach(() => {
  vi.useRealTimers();
  for (const response of held) response.destroy();
});

const newLoader = () => createChunkLoader({ document, window, baseUrl: `${origin}/chunks`, files });

/** The rejection of `promise`, which must reject. */
async function failureOf(promise: Promise<unknown>): Promise<ChunkLoadError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ChunkLoadError);
  return outcome as ChunkLoadError;
}

describe('a chunk that loads', () => {
  it('gives the module the script registered and its CSS as a style sheet', async () => {
    const { module, styles } = await newLoader().load<{ answer: number }>('demo');
    expect(module.answer).toBe(42);
    expect(styles).toBeInstanceOf(CSSStyleSheet);
    expect([...(styles as CSSStyleSheet).cssRules].map((rule) => rule.cssText)).toEqual([
      '.checkout-total { font-weight: 700; }',
    ]);
    expect(requests.sort()).toEqual(['/chunks/demo.abc.css', '/chunks/demo.abc.js']);
    expect(document.head.querySelector(`script[src="${origin}/chunks/demo.abc.js"]`)).not.toBeNull();
  });

  it('gives a browser without constructable sheets the CSS as text, which goes in once as a <style> with the nonce', async () => {
    // Where the document's adoptedStyleSheets is defined (a prototype up the chain), taken away.
    let owner: object = Document.prototype;
    while (!Object.prototype.hasOwnProperty.call(owner, 'adoptedStyleSheets'))
      owner = Object.getPrototypeOf(owner) as object;
    const adopted = Object.getOwnPropertyDescriptor(owner, 'adoptedStyleSheets')!;
    delete (owner as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    try {
      const { styles } = await newLoader().load('demo');
      expect(styles).toBe(DEMO_CSS);
      setFallbackStyles({ css: '', nonce: 'n0nce' });
      const root = document.createElement('div').attachShadow({ mode: 'open' });
      addChunkStyles(root, 'demo', styles!);
      addChunkStyles(root, 'demo', styles!);
      const added = [...root.querySelectorAll('style')];
      expect(added.map((style) => [style.textContent, style.nonce, style.dataset.chunk])).toEqual([
        [DEMO_CSS, 'n0nce', 'demo'],
      ]);
    } finally {
      Object.defineProperty(owner, 'adoptedStyleSheets', adopted);
      setFallbackStyles(null);
    }
  });

  it('a chunk without CSS has no styles; loading it twice asks the network once', async () => {
    const loader = createChunkLoader({
      document,
      window,
      baseUrl: `${origin}/chunks`,
      files: { demo: { js: 'demo.abc.js' } },
    });
    const first = await loader.load<{ answer: number }>('demo');
    const second = await loader.load<{ answer: number }>('demo');
    expect(first.styles).toBeNull();
    expect(second.module.answer).toBe(42);
    expect(requests).toEqual(['/chunks/demo.abc.js']);
  });
});

describe('a chunk that fails', () => {
  it("a script answered 404 raises ChunkLoadError 'Loading chunk missing failed'", async () => {
    const error = await failureOf(newLoader().load('missing'));
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toBe('Loading chunk missing failed');
    expect(error.chunk).toBe('missing');
    expect(error.request).toBe(`${origin}/chunks/missing.abc.js`);
    expect(error.code).toBeUndefined();
    expect(requests).toEqual(['/chunks/missing.abc.js']);
    // the failed script tag is not left behind
    expect(document.head.querySelector(`script[src="${origin}/chunks/missing.abc.js"]`)).toBeNull();
  });

  it('a chunk whose CSS answers 503 raises ChunkLoadError with code CSS_CHUNK_LOAD_FAILED', async () => {
    const error = await failureOf(newLoader().load('unstyled'));
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toBe('Loading chunk unstyled failed');
    expect(error.code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(error.request).toBe(`${origin}/chunks/broken.abc.css`);
    expect(requests.sort()).toEqual(['/chunks/broken.abc.css', '/chunks/unstyled.abc.js']);
  });

  it('a script that loads but does not register its chunk raises ChunkLoadError', async () => {
    const error = await failureOf(newLoader().load('silent'));
    expect(error.message).toBe('Loading chunk silent failed');
    expect(requests).toEqual(['/chunks/silent.abc.js']);
  });

  it('a script that never answers raises ChunkLoadError after 120000 ms, not before', async () => {
    // Fake timers work here: the loader's 120000 ms timer is window.setTimeout, which is the
    // faked global, while happy-dom fetches the script on its own timers and real sockets. So
    // this waits for the server to hold the request, then advances the clock; no timeoutMs.
    vi.useFakeTimers();
    let settled: 'pending' | 'resolved' | ChunkLoadError = 'pending';
    newLoader()
      .load('slow')
      .then(
        () => (settled = 'resolved'),
        (error: ChunkLoadError) => (settled = error),
      );
    await slowRequested;
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    const error = settled as unknown as ChunkLoadError;
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toBe('Loading chunk slow failed');
    expect(error.request).toBe(`${origin}/chunks/slow.abc.js`);
    expect(document.head.querySelector(`script[src="${origin}/chunks/slow.abc.js"]`)).toBeNull();
  });
});

describe('"Try again" after a failure', () => {
  it('asks the network again with ?retry=1 and gives the chunk when it answers', async () => {
    const loader = newLoader();
    const error = await failureOf(loader.load('flaky'));
    expect(error.message).toBe('Loading chunk flaky failed');
    const { module } = await loader.load<{ answer: string }>('flaky');
    expect(module.answer).toBe('back');
    expect(requests).toEqual(['/chunks/flaky.abc.js', '/chunks/flaky.abc.js?retry=1']);
  });

  it('a failing script asked again is requested again, with ?retry=1 then ?retry=2', async () => {
    const loader = newLoader();
    await failureOf(loader.load('missing'));
    const again = await failureOf(loader.load('missing'));
    expect(again.request).toBe(`${origin}/chunks/missing.abc.js?retry=1`);
    await failureOf(loader.load('missing'));
    expect(requests).toEqual([
      '/chunks/missing.abc.js',
      '/chunks/missing.abc.js?retry=1',
      '/chunks/missing.abc.js?retry=2',
    ]);
  });

  it('a failing style sheet asked again is requested again with ?retry=1', async () => {
    const loader = newLoader();
    await failureOf(loader.load('unstyled'));
    const again = await failureOf(loader.load('unstyled'));
    expect(again.code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(requests.filter((path) => path.includes('broken'))).toEqual([
      '/chunks/broken.abc.css',
      '/chunks/broken.abc.css?retry=1',
    ]);
    expect(requests.filter((path) => path.includes('unstyled'))).toEqual(['/chunks/unstyled.abc.js']); // its script ran once and is kept
  });
});
