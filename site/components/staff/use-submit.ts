/**
 * A staff form's submit: one at a time (a double tap sends once), the server's sentence when it
 * refuses, and the button busy meanwhile. `action` resolves when the form is done with.
 */
import { useState, type FormEvent } from 'react';

export function useSubmit(action: () => Promise<void>, before?: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    before?.();
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    void send();
  }

  return { submit, error, busy };
}
