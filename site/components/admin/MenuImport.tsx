/**
 * The whole menu out and in: downloads of the JSON and the CSV (through the admin's token, so no
 * token sits in a link), and an import that first shows what it will add, change and remove,
 * then applies exactly that.
 */
import { useId, useState } from 'react';
import type { ImportPreview } from '../../../shared/api/admin-menu.ts';
import type { ImportFormat, MenuPanelProps } from './menu-api.ts';

const ACTION_NAMES = { add: 'Add', change: 'Change', remove: 'Remove' } as const;

export function MenuImport({ api, show }: MenuPanelProps) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [preview, setPreview] = useState<{ content: string; format: ImportFormat; answer: ImportPreview } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const download = (kind: ImportFormat) =>
    attempt(async () => {
      const blob = await api.exportFile(kind);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `menu.${kind}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });

  const previewFile = () =>
    attempt(async () => {
      if (!file) return;
      const content = await file.text();
      setPreview({ content, format, answer: await api.previewImport(format, content) });
    });

  const apply = () =>
    attempt(async () => {
      if (!preview) return;
      const applied = await api.applyImport(preview.format, preview.content, preview.answer.base_version);
      setPreview(null);
      setFile(null);
      show(
        applied.menu,
        `The import is applied: ${applied.added} added, ${applied.changed} changed, ${applied.removed} removed.`,
      );
    });

  return (
    <section className="menu-panel" aria-labelledby="menu-import-title">
      <h2 id="menu-import-title">Import and export</h2>
      <p className="admin-hint">
        The CSV has one row per item: prices in dollars, lists separated by “;”, times like “mon-fri 11:00-15:00”. It
        names modifier groups by id; change groups here or in the JSON file.
      </p>
      <div className="admin-actions">
        <button type="button" disabled={busy} onClick={() => void download('json')}>
          Download the menu as JSON
        </button>
        <button type="button" disabled={busy} onClick={() => void download('csv')}>
          Download the menu as CSV
        </button>
      </div>
      <div className="admin-form">
        <label htmlFor={`${ids}-file`}>
          A menu file to import
          <input
            id={`${ids}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0] ?? null;
              setFile(chosen);
              setPreview(null);
              if (chosen) setFormat(chosen.name.toLowerCase().endsWith('.json') ? 'json' : 'csv');
            }}
          />
        </label>
        <label htmlFor={`${ids}-format`}>
          Format
          <select
            id={`${ids}-format`}
            value={format}
            onChange={(event) => setFormat(event.currentTarget.value as ImportFormat)}
          >
            <option value="csv">CSV</option>
            <option value="json">JSON</option>
          </select>
        </label>
        <div className="admin-actions">
          <button type="button" disabled={!file || busy} onClick={() => void previewFile()}>
            Preview the import
          </button>
        </div>
      </div>
      {problem && (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      )}
      {preview && (
        <div className="menu-preview">
          <h3>
            What the import changes: {preview.answer.added} added, {preview.answer.changed} changed,{' '}
            {preview.answer.removed} removed
          </h3>
          {preview.answer.changes.length === 0 ? (
            <p>Nothing: the file is the menu as it is.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Change</th>
                    <th scope="col">What</th>
                    <th scope="col">Name</th>
                    <th scope="col">Fields</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.answer.changes.map((change) => (
                    <tr key={`${change.kind}:${change.id}`}>
                      <td>{ACTION_NAMES[change.action]}</td>
                      <td>{change.kind}</td>
                      <th scope="row">{change.name}</th>
                      <td>{change.fields.join(', ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="admin-actions">
            <button
              type="button"
              className="staff-primary"
              disabled={busy || preview.answer.changes.length === 0}
              onClick={() => void apply()}
            >
              Apply the import
            </button>
            <button type="button" onClick={() => setPreview(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
