import { useCallback, useEffect, useState } from 'react';
import type { SoldOutAnswer, SoldOutEntry } from '../../../shared/api/staff.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import { MenuSync } from './MenuSync.tsx';
import type { StaffApi } from './staff-api.ts';
import type { StaffSession } from './staff-session.ts';
import { timeText } from './order-text.ts';

interface Props {
  api: StaffApi;
  session: StaffSession;
}

type Kind = 'items' | 'modifiers';

/**
 * The menu's sold-out switches ("86" an item or a choice): for the rest of the day, or until
 * someone turns it back on. Customers see the change on their next menu load, and create-order
 * refuses it at once.
 */
export function SoldOutPanel({ api, session }: Props) {
  const [menu, setMenu] = useState<SoldOutAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(
    () =>
      session.run((token) => api.soldOutSwitches(token)).then(setMenu, (failure: Error) => setError(failure.message)),
    [api, session],
  );
  useEffect(() => void load(), [load]);

  async function change(kind: Kind, entry: SoldOutEntry, soldOut: boolean, until: 'end_of_day' | null) {
    setBusy(entry.id);
    setError(null);
    try {
      await session.run((token) => api.setSoldOut(token, kind, entry.id, soldOut, until));
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const sync = <MenuSync api={api} session={session} onSynced={() => void load()} />;
  if (!menu)
    return (
      <div className="sold-out-panel">
        {sync}
        <p role={error ? 'alert' : 'status'}>{error ?? LOADING}</p>
      </div>
    );
  const wanted = filter.trim().toLowerCase();
  const shown = (entries: SoldOutEntry[]) =>
    wanted ? entries.filter((e) => `${e.name} ${e.section}`.toLowerCase().includes(wanted)) : entries;

  const list = (kind: Kind, title: string, entries: SoldOutEntry[]) => (
    <section aria-labelledby={`sold-out-${kind}`}>
      <h2 id={`sold-out-${kind}`}>{title}</h2>
      <ul className="sold-out-list">
        {shown(entries).map((entry) => (
          <li key={entry.id} className={entry.available ? '' : 'is-sold-out'}>
            <span className="sold-out-name">
              {entry.name} <small>{entry.section}</small>
            </span>
            <span className="sold-out-state">
              {entry.available
                ? 'Available'
                : entry.sold_out_until
                  ? `Sold out until ${timeText(entry.sold_out_until)}`
                  : 'Sold out until turned back on'}
            </span>
            <span className="sold-out-actions">
              {entry.available ? (
                <>
                  <button
                    type="button"
                    disabled={busy === entry.id}
                    onClick={() => void change(kind, entry, true, 'end_of_day')}
                    aria-label={`${entry.name}: sold out today`}
                  >
                    Sold out today
                  </button>
                  <button
                    type="button"
                    disabled={busy === entry.id}
                    onClick={() => void change(kind, entry, true, null)}
                    aria-label={`${entry.name}: sold out until turned back on`}
                  >
                    Until turned back on
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="staff-primary"
                  disabled={busy === entry.id}
                  onClick={() => void change(kind, entry, false, null)}
                  aria-label={`${entry.name}: back on the menu`}
                >
                  Back on the menu
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <div className="sold-out-panel">
      {sync}
      <label className="sold-out-filter">
        Find an item or a choice
        <input type="search" value={filter} onInput={(e) => setFilter(e.currentTarget.value)} />
      </label>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      {list('items', 'Items', menu.items)}
      {list('modifiers', 'Choices', menu.modifiers)}
    </div>
  );
}
