/**
 * A part of the widget that lives in a lazy chunk: 'Loading...' while it loads, then the part
 * with the chunk's styles added to the shadow root; when the chunk fails, the error's message
 * and a button that tries again.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChunkLoader } from './chunk-loader.ts';
import { t } from './i18n.ts';
import { addChunkStyles } from './shadow-frame.tsx';

interface Props<T> {
  chunk: string;
  loader: ChunkLoader;
  render: (module: T) => ReactNode;
}

type State<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; module: T };

/** What a load ended with, and which load it was (a newer one shows 'Loading...' until it ends). */
type Outcome<T> = { chunk: string; loader: ChunkLoader; attempt: number; state: State<T> };

export function LazyPart<T>({ chunk, loader, render }: Props<T>) {
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const marker = useRef<HTMLSpanElement>(null);
  const state: State<T> =
    outcome && outcome.chunk === chunk && outcome.loader === loader && outcome.attempt === attempt
      ? outcome.state
      : { status: 'loading' };

  useEffect(() => {
    let current = true;
    const settle = (next: State<T>) => setOutcome({ chunk, loader, attempt, state: next });
    loader.load<T>(chunk).then(
      ({ module, styles }) => {
        if (!current) return;
        const root = marker.current?.getRootNode();
        if (styles && root instanceof ShadowRoot) addChunkStyles(root, chunk, styles);
        settle({ status: 'ready', module });
      },
      (error: unknown) => {
        console.error(error);
        if (current) settle({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [chunk, loader, attempt]);

  return (
    <>
      <span ref={marker} hidden />
      {state.status === 'loading' && (
        <p className="status" role="status">
          {t('common.loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <div className="error" role="alert">
          <p>{state.message}</p>
          <p>{t('common.checkConnection')}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
      {state.status === 'ready' && render(state.module)}
    </>
  );
}
