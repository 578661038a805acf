/**
 * One call a form makes at a time: busy while in flight (a second submit is ignored), the error's
 * message when it fails.
 */
import { useRef, useState } from 'react';
import { localize } from '../i18n.ts';

/** What went wrong, in the customer's language (a message worded in English is said again). */
export function messageOf(error: unknown): string {
  return localize(error instanceof Error ? error.message : String(error));
}

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const inFlight = useRef(false);

  async function run(action: () => Promise<void>): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setProblem('');
    try {
      await action();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { busy, problem, setProblem, run };
}
