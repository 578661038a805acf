import { useEffect, useState } from 'react';
import type { MenuSyncAnswer } from '../../../shared/api/staff.ts';
import type { StaffApi } from './staff-api.ts';
import type { StaffSession } from './staff-session.ts';
import { timeText } from './order-text.ts';

interface Props {
  api: StaffApi;
  session: StaffSession;
  /** The menu changed: the sold-out switches read it again. */
  onSynced: () => void;
}

/**
 * Where the menu comes from. With Clover: when it last synced, the error while the latest sync
 * failed (the customers keep the last good menu meanwhile), and a button to sync now. On the
 * demo data there is nothing to sync, and nothing is shown.
 */
export function MenuSync({ api, session, onSynced }: Props) {
  const [status, setStatus] = useState<MenuSyncAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    session.run((token) => api.menuSync(token)).then(setStatus, (failure: Error) => setError(failure.message));
  }, [api, session]);

  async function syncNow() {
    setBusy(true);
    setError(null);
    try {
      const answer = await session.run((token) => api.syncMenu(token));
      setStatus(answer);
      if (!answer.last_error) onSynced();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (error)
    return (
      <p className="staff-error" role="alert">
        {error}
      </p>
    );
  if (!status || status.source !== 'clover') return null;
  return (
    <section className="menu-sync" aria-labelledby="menu-sync-title">
      <h2 id="menu-sync-title">Menu from Clover</h2>
      <p>{status.last_success_at ? `Last synced ${timeText(status.last_success_at)}.` : 'Not synced yet.'}</p>
      {status.last_error && (
        <p className="staff-error" role="alert">
          {status.last_error}{' '}
          {status.last_success_at ? `Customers see the menu of ${timeText(status.last_success_at)}.` : ''}
        </p>
      )}
      <button type="button" className="staff-primary" disabled={busy} onClick={() => void syncNow()}>
        {busy ? 'Syncing…' : 'Sync menu now'}
      </button>
    </section>
  );
}
