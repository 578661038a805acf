/** The menu's categories in order: shown or hidden, when served; add, rename, move, remove. */
import { useId, useState } from 'react';
import type { EditorCategory, MenuWindowInput } from '../../../shared/api/admin-menu.ts';
import { windowsText } from '../../../shared/menu-windows.ts';
import { useSubmit } from '../staff/use-submit.ts';
import { movedText, ReorderList } from './menu-reorder.tsx';
import { WindowsField } from './menu-windows-field.tsx';
import { EntryActions } from './menu-entry-actions.tsx';
import type { MenuPanelProps } from './menu-api.ts';

export function MenuCategories(props: MenuPanelProps) {
  const { menu, api, readOnly, run } = props;
  const [editing, setEditing] = useState<EditorCategory | 'new' | null>(null);
  const entries = menu.categories.map((category) => ({ ...category, label: category.name }));
  return (
    <section className="menu-panel" aria-labelledby="menu-categories-title">
      <h2 id="menu-categories-title">Categories</h2>
      {editing ? (
        <CategoryForm {...props} category={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        !readOnly && (
          <button type="button" className="staff-primary" onClick={() => setEditing('new')}>
            New category
          </button>
        )
      )}
      <ReorderList
        entries={entries}
        label="Categories"
        readOnly={readOnly}
        onMove={(category, direction) => {
          const index = entries.findIndex((each) => each.id === category.id) + (direction === 'up' ? -1 : 1);
          return run(
            () => api.move('categories', category.id, direction),
            movedText(category.name, index + 1, entries.length),
          );
        }}
      >
        {(category) => (
          <>
            <span className="menu-name">{category.name}</span>
            <span className="admin-sub">
              {category.visible ? 'Shown' : 'Hidden'}
              {category.windows.length > 0 && ` · Served ${windowsText(category.windows)}`}
              {` · ${menu.items.filter((item) => item.category_id === category.id).length} items`}
            </span>
            <EntryActions
              name={category.name}
              readOnly={readOnly}
              onEdit={() => setEditing(category)}
              onRemove={() => void run(() => api.removeCategory(category.id), `${category.name} is removed.`)}
            />
          </>
        )}
      </ReorderList>
    </section>
  );
}

function CategoryForm({
  api,
  show,
  category,
  onDone,
}: MenuPanelProps & { category: EditorCategory | null; onDone: () => void }) {
  const ids = useId();
  const [name, setName] = useState(category?.name ?? '');
  const [visible, setVisible] = useState(category?.visible ?? true);
  const [windows, setWindows] = useState<MenuWindowInput[]>(category?.windows ?? []);
  const { submit, error, busy } = useSubmit(async () => {
    const body = { name, visible, windows };
    show(
      await (category ? api.changeCategory(category.id, body) : api.createCategory(body)),
      `${name.trim()} is saved.`,
    );
    onDone();
  });
  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <h3 id={`${ids}-title`}>{category ? `Edit ${category.name}` : 'New category'}</h3>
      <label htmlFor={`${ids}-name`}>
        Name
        <input id={`${ids}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} required />
      </label>
      <label className="admin-choice">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.currentTarget.checked)} />
        Shown on the menu
      </label>
      <WindowsField windows={windows} onChange={setWindows} />
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="staff-primary" disabled={busy}>
          Save category
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
