/** One category's items at a time, in order: price, sold out, photo; add, edit, move, remove. */
import { useState } from 'react';
import type { EditorItem } from '../../../shared/api/admin-menu.ts';
import { money } from './admin-form.ts';
import { MenuItemForm } from './MenuItemForm.tsx';
import { movedText, ReorderList } from './menu-reorder.tsx';
import { EntryActions } from './menu-entry-actions.tsx';
import type { MenuPanelProps } from './menu-api.ts';

export function MenuItems(props: MenuPanelProps) {
  const { menu, api, readOnly, run } = props;
  const [categoryId, setCategoryId] = useState(menu.categories[0]?.id ?? '');
  const [editing, setEditing] = useState<EditorItem | 'new' | null>(null);
  const category = menu.categories.find((each) => each.id === categoryId) ?? menu.categories[0];
  const subName = (id: string | null) => category?.subcategories.find((sub) => sub.id === id)?.name;
  const items = menu.items
    .filter((item) => item.category_id === category?.id)
    .map((item) => ({ ...item, label: item.name }));
  return (
    <section className="menu-panel" aria-labelledby="menu-items-title">
      <h2 id="menu-items-title">Items</h2>
      <label className="admin-filter" htmlFor="menu-items-category">
        Category
        <select
          id="menu-items-category"
          value={category?.id ?? ''}
          onChange={(event) => {
            setCategoryId(event.currentTarget.value);
            setEditing(null);
          }}
        >
          {menu.categories.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </select>
      </label>
      {editing ? (
        <MenuItemForm
          {...props}
          item={editing === 'new' ? null : editing}
          categoryId={category?.id ?? ''}
          onDone={() => setEditing(null)}
        />
      ) : (
        !readOnly &&
        category && (
          <button type="button" className="staff-primary" onClick={() => setEditing('new')}>
            New item in {category.name}
          </button>
        )
      )}
      {items.length === 0 && <p className="admin-hint">No items in this category yet.</p>}
      <ReorderList
        entries={items}
        label={`Items in ${category?.name ?? ''}`}
        readOnly={readOnly}
        onMove={(item, direction) => {
          // Items move among those of their own subcategory.
          const siblings = items.filter((each) => each.subcategory_id === item.subcategory_id);
          const index = siblings.findIndex((each) => each.id === item.id) + (direction === 'up' ? -1 : 1);
          return run(() => api.move('items', item.id, direction), movedText(item.name, index + 1, siblings.length));
        }}
      >
        {(item) => (
          <>
            {item.photo && <img className="menu-thumb" src={item.photo} alt="" width={60} height={40} />}
            <span className="menu-name">{item.name}</span>
            <span className="admin-sub">
              {money(item.price_cents)}
              {subName(item.subcategory_id) && ` · ${subName(item.subcategory_id)}`}
              {!item.available && ' · Sold out'}
            </span>
            <EntryActions
              name={item.name}
              readOnly={readOnly}
              viewWhenReadOnly
              onEdit={() => setEditing(item)}
              onRemove={() => void run(() => api.removeItem(item.id), `${item.name} is removed.`)}
            />
          </>
        )}
      </ReorderList>
    </section>
  );
}
