/**
 * A lazy chunk a screen wants on intent (a reach for an item, a cart that holds something): asked
 * for once, and again when it is needed before it came; when it cannot load, `onFailed` hears
 * why and the next want asks the network again.
 */
import { useEffect, useRef, useState } from 'react';

export function useLazyChunk<T>(
  load: () => Promise<T>,
  needed: boolean,
  onFailed: (message: string) => void,
): { module: T | null; want: () => void } {
  const [module, setModule] = useState<T | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const want = () => {
    if (module || loading.current) return;
    loading.current = load().then(
      (loaded) => {
        if (mounted.current) setModule(() => loaded);
      },
      (error: unknown) => {
        loading.current = null;
        if (mounted.current) onFailed(error instanceof Error ? error.message : String(error));
      },
    );
  };
  useEffect(() => {
    if (needed) want();
  });
  return { module, want };
}
