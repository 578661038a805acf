import { useEffect, useState } from 'react';
import type { MenuSyncAnswer, MenuSyncNote } from '../../../shared/api/staff.ts';
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
 * What a sync said of the whole menu (Clover refusing the items' online settings: it stands until
 * the permission is granted, so it is not an alert each time the view opens), then what it
 * kept off the online menu (a price typed in at the register, sold by weight) or changed (a choice
 * made required), each Clover item with the reason; nothing when all went on.
 */
export function SyncNotes({ notes, warnings }: { notes: readonly MenuSyncNote[]; warnings: readonly string[] }) {
  const keptOut = notes.filter((note) => note.action === 'kept_out');
  const changed = notes.filter((note) => note.action === 'changed');
  const list = (title: string, lines: readonly MenuSyncNote[]) =>
    lines.length > 0 && (
      <>
        <p className="menu-sync-notes-title">{title}</p>
        <ul>
          {lines.map((note) => (
            <li key={note.item_id}>
              <strong>{note.item_name}</strong>: {note.reason}
            </li>
          ))}
        </ul>
      </>
    );
  if (keptOut.length === 0 && changed.length === 0 && warnings.length === 0) return null;
  return (
    <div className="menu-sync-notes">
      {warnings.map((warning) => (
        <p key={warning} className="menu-sync-warning">
          {warning}
        </p>
      ))}
      {list(`Not on the online menu (${keptOut.length}):`, keptOut)}
      {list(`Changed for online ordering (${changed.length}):`, changed)}
    </div>
  );
}

/**
 * Where the menu comes from. With Clover: when it last synced, the error while the latest sync
 * failed (the customers keep the last good menu meanwhile), what the sync kept off the online menu
 * or changed and why, and a button to sync now, whose outcome is announced with the sync's
 * warnings. On the demo data there is nothing to sync, and nothing is shown.
 */
export function MenuSync({ api, session, onSynced }: Props) {
  const [status, setStatus] = useState<MenuSyncAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** What the last "Sync menu now" brought, for screen readers (a failure is an alert of its own). */
  const [said, setSaid] = useState('');

  useEffect(() => {
    session.run((token) => api.menuSync(token)).then(setStatus, (failure: Error) => setError(failure.message));
  }, [api, session]);

  async function syncNow() {
    setBusy(true);
    setError(null);
    try {
      const answer = await session.run((token) => api.syncMenu(token));
      setStatus(answer);
      setSaid(answer.last_error ? '' : ['Menu synced with Clover.', ...answer.warnings].join(' '));
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
      <SyncNotes notes={status.notes} warnings={status.warnings} />
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {/* Not the board's green: white on it is too faint for this button's size (axe colour-contrast). */}
      <button type="button" disabled={busy} onClick={() => void syncNow()}>
        {busy ? 'Syncing…' : 'Sync menu now'}
      </button>
    </section>
  );
}
