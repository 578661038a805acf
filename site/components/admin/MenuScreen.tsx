/**
 * The menu editor: categories (order, shown or hidden, when served), items (words, price, diet
 * tags, photo, sold out, choices offered), modifier groups with their modifiers, and the whole
 * menu out and in as JSON or CSV. With Clover as the point-of-sale it shows the menu read-only,
 * says it is managed in Clover, and offers "Sync now", which says what the sync kept off the online
 * menu or changed, and why.
 */
import { useEffect, useMemo, useState } from 'react';
import type { MenuEditor } from '../../../shared/api/admin-menu.ts';
import type { MenuSyncNote } from '../../../shared/api/staff.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import type { AdminCall } from './admin-api.ts';
import { createMenuApi } from './menu-api.ts';
import { MenuCategories } from './MenuCategories.tsx';
import { MenuGroups } from './MenuGroups.tsx';
import { MenuImport } from './MenuImport.tsx';
import { MenuItems } from './MenuItems.tsx';
import { SyncNotes } from '../staff/MenuSync.tsx';
import './menu-screen.css';

export const CLOVER_SAYS = 'The menu is managed in Clover.';

export function MenuScreen({ call }: { call: AdminCall }) {
  const api = useMemo(() => createMenuApi(call), [call]);
  const [menu, setMenu] = useState<MenuEditor | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  /** What the last "Sync now" said Clover sells that the online menu leaves out or changes, and of the whole menu. */
  const [report, setReport] = useState<{ notes: readonly MenuSyncNote[]; warnings: readonly string[] }>({
    notes: [],
    warnings: [],
  });

  useEffect(() => {
    api.menu().then(setMenu, (failure: Error) => setProblem(failure.message));
  }, [api]);

  async function run(work: () => Promise<MenuEditor>, said: string): Promise<boolean> {
    try {
      setMenu(await work());
      setProblem(null);
      setNotice(said);
      return true;
    } catch (failure) {
      setNotice(null);
      setProblem((failure as Error).message);
      return false;
    }
  }

  async function syncNow() {
    setSyncing(true);
    try {
      const result = await api.syncNow();
      setMenu(result.menu);
      setReport({ notes: result.notes, warnings: result.warnings });
      if (result.ok) {
        setProblem(null);
        // The warnings themselves show below, with the report.
        const warned = result.warnings.length;
        const withWarnings = warned === 0 ? '' : warned === 1 ? ', with a warning' : `, with ${warned} warnings`;
        setNotice(`Synced with Clover: ${result.items} items${withWarnings}.`);
      } else setProblem(result.error);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setSyncing(false);
    }
  }

  const show = (next: MenuEditor, said: string) => {
    setMenu(next);
    setProblem(null);
    setNotice(said);
  };
  const props = menu && { menu, api, readOnly: menu.read_only, run, show };
  return (
    <div className="admin-menu">
      <p className="admin-live" role="status">
        {notice ?? ''}
      </p>
      {problem && (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      )}
      {menu?.read_only && (
        <div className="menu-clover">
          <p>{CLOVER_SAYS} Change it in Clover; it comes here at the next sync, every 15 minutes.</p>
          <button type="button" className="staff-primary" disabled={syncing} onClick={() => void syncNow()}>
            {syncing ? 'Syncing…' : 'Sync now'}
          </button>
          <SyncNotes {...report} />
        </div>
      )}
      {!props ? (
        !problem && <p role="status">{LOADING}</p>
      ) : (
        <>
          <MenuCategories {...props} />
          <MenuItems {...props} />
          <MenuGroups {...props} />
          {!props.readOnly && <MenuImport {...props} />}
        </>
      )}
    </div>
  );
}
