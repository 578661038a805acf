/**
 * A signed-in list (orders, saved carts, cards): loading while it is fetched, then the items or
 * the error's message (the server's, else the list's fallback message); reload() fetches it again.
 */
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from './use-action.ts';

export type ListState<T> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; items: T[] };

export function useList<T>(fetchList: (() => Promise<T[]>) | null): { state: ListState<T>; reload(): void } {
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!fetchList) return;
    let current = true;
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    fetchList().then(
      (items) => current && setState({ status: 'ready', items }),
      (error: unknown) => current && setState({ status: 'failed', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [fetchList, round]);
  return { state, reload: useCallback(() => setRound((n) => n + 1), []) };
}
