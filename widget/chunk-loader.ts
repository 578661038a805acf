/**
 * Loads a lazy chunk: its script, as a classic script tag so it works on
 * any partner page, and its CSS, as a constructable style sheet for the widget's shadow root.
 * A script that fails or takes longer than 120000 ms raises ChunkLoadError 'Loading chunk {n}
 * failed'; a style chunk that fails raises the same with code CSS_CHUNK_LOAD_FAILED. Each failure
 * is forgotten, so "Try again" asks the network again.
 */
import { adoptableSheet } from './shadow-frame.tsx';
import { CHUNK_LOAD_ERROR_NAME, CSS_CHUNK_LOAD_FAILED, loadingChunkFailed } from '../shared/api/messages.ts';
import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/storefront.ts';
import type { ChunkFiles } from './chunk-files.ts';

export class ChunkLoadError extends Error {
  readonly chunk: string;
  /** The URL that failed. */
  readonly request: string;
  /** 'CSS_CHUNK_LOAD_FAILED' for a style chunk. */
  readonly code: string | undefined;

  constructor(chunk: string, request: string, code?: string) {
    super(loadingChunkFailed(chunk));
    this.name = CHUNK_LOAD_ERROR_NAME;
    this.chunk = chunk;
    this.request = request;
    this.code = code;
  }
}

export interface LoadedChunk<T> {
  module: T;
  /**
   * The chunk's styles: a sheet for the shadow root's adoptedStyleSheets, or its CSS text for a
   * browser without constructable sheets (shadow-frame.tsx addChunkStyles); null when it has none.
   */
  styles: CSSStyleSheet | string | null;
}

export interface ChunkLoader {
  load<T>(chunk: string): Promise<LoadedChunk<T>>;
}

interface LoaderOptions {
  document: Document;
  window: Window;
  /** Where the chunk files are: `${apiOrigin}/widget/chunks`. */
  baseUrl: string;
  files: ChunkFiles;
  timeoutMs?: number;
}

type ChunkGlobal = Window & { ComalWidgetChunks?: Record<string, unknown> };

export function createChunkLoader(options: LoaderOptions): ChunkLoader {
  const { document, window } = options;
  const timeoutMs = options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  const loading = new Map<string, Promise<LoadedChunk<unknown>>>();
  let attempt = 0;

  function fileUrl(file: string): string {
    // A retry asks for a new URL, so no cache along the way hands back the failure.
    return `${options.baseUrl}/${file}${attempt > 0 ? `?retry=${attempt}` : ''}`;
  }

  function loadScript(chunk: string, file: string): Promise<unknown> {
    const loaded = (window as ChunkGlobal).ComalWidgetChunks?.[chunk];
    if (loaded) return Promise.resolve(loaded);
    const url = fileUrl(file);
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      const timer = window.setTimeout(() => done(new ChunkLoadError(chunk, url)), timeoutMs);
      function done(error: ChunkLoadError | null) {
        window.clearTimeout(timer);
        script.onload = script.onerror = null;
        if (!error) {
          const module = (window as ChunkGlobal).ComalWidgetChunks?.[chunk];
          if (module) return resolve(module);
          error = new ChunkLoadError(chunk, url);
        }
        script.remove();
        reject(error);
      }
      script.onload = () => done(null);
      script.onerror = () => done(new ChunkLoadError(chunk, url));
      script.async = true;
      script.src = url;
      document.head.append(script);
    });
  }

  async function loadStyles(chunk: string, file: string | undefined): Promise<CSSStyleSheet | string | null> {
    if (!file) return null;
    const url = fileUrl(file);
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await window.fetch(url, { signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const css = await response.text();
      return adoptableSheet(css) ?? css;
    } catch {
      throw new ChunkLoadError(chunk, url, CSS_CHUNK_LOAD_FAILED);
    } finally {
      window.clearTimeout(timer);
    }
  }

  return {
    load<T>(chunk: string) {
      const known = loading.get(chunk);
      if (known) return known as Promise<LoadedChunk<T>>;
      const entry = options.files[chunk];
      const files = typeof entry === 'object' ? entry : { js: `${chunk}.js` };
      const promise = Promise.all([loadScript(chunk, files.js), loadStyles(chunk, files.css)]).then(
        ([module, styles]) => ({ module: module as T, styles }),
        (error: unknown) => {
          loading.delete(chunk);
          attempt++;
          throw error;
        },
      );
      loading.set(chunk, promise);
      return promise;
    },
  };
}
