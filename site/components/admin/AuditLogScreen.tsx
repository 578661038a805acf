import { useEffect, useMemo, useState } from 'react';
import type { AuditArea, AuditEntry } from '../../../shared/api/admin.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import { createAdminApi, type AdminCall } from './admin-api.ts';
import { when } from './admin-form.ts';

const AREA_LABELS: Record<AuditArea, string> = {
  promo_codes: 'Promo codes',
  settings: 'Settings',
  menu: 'Menu',
  customers: 'Customers',
};

/** A value as the log shows it: plain text, never markup (the page renders it as text). */
const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** What one change changed: each field whose value differs, before and after. */
export function changedFields(
  entry: Pick<AuditEntry, 'before' | 'after'>,
): { field: string; before: string; after: string }[] {
  const fields = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...fields]
    .filter((field) => shown(entry.before?.[field]) !== shown(entry.after?.[field]))
    .map((field) => ({ field, before: shown(entry.before?.[field]), after: shown(entry.after?.[field]) }));
}

/** Every change an admin made, newest first: who, when, what, before and after. */
export function AuditLogScreen({ call }: { call: AdminCall }) {
  const api = useMemo(() => createAdminApi(call), [call]);
  const [area, setArea] = useState<AuditArea | ''>('');
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [older, setOlder] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = (before?: string) =>
    api.audit({ area: area || undefined, before }).then(
      (page) => {
        setEntries((was) => (before ? [...(was ?? []), ...page.entries] : page.entries));
        setOlder(page.next_before);
        setProblem(null);
      },
      (failure: Error) => setProblem(failure.message),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloaded when the area changes
  }, [area]);

  return (
    <div className="admin-audit">
      <label className="admin-filter">
        Show
        <select value={area} onChange={(e) => setArea(e.currentTarget.value as AuditArea | '')}>
          <option value="">Every change</option>
          {(Object.keys(AREA_LABELS) as AuditArea[]).map((each) => (
            <option key={each} value={each}>
              {AREA_LABELS[each]}
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      )}
      {entries === null ? (
        !problem && <p role="status">{LOADING}</p>
      ) : entries.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ol className="admin-log">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p className="admin-log-head">
                <strong>
                  {AREA_LABELS[entry.area]}: {entry.subject}
                </strong>{' '}
                {entry.before === null ? 'made' : entry.after === null ? 'removed' : 'changed'} by {entry.actor},{' '}
                <time dateTime={entry.at}>{when(entry.at)}</time>
              </p>
              {entry.before !== null && entry.after !== null && (
                <dl className="admin-log-fields">
                  {changedFields(entry).map(({ field, before, after }) => (
                    <div key={field}>
                      <dt>{field}</dt>
                      <dd>
                        {before} → {after}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ol>
      )}
      {older && (
        <button type="button" onClick={() => void load(older)}>
          Show older changes
        </button>
      )}
    </div>
  );
}
