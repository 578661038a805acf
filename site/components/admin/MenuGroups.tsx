/** Modifier groups (how many choices, at least and at most) and their modifiers, in order, with prices. */
import { useId, useState } from 'react';
import type { EditorGroup } from '../../../shared/api/admin-menu.ts';
import { useSubmit } from '../staff/use-submit.ts';
import { centsToDollars, dollarsToCents, money } from './admin-form.ts';
import { movedText, ReorderList } from './menu-reorder.tsx';
import { EntryActions } from './menu-entry-actions.tsx';
import type { MenuPanelProps } from './menu-api.ts';

type Modifier = EditorGroup['modifiers'][number];

export function MenuGroups(props: MenuPanelProps) {
  const { menu, readOnly } = props;
  const [editing, setEditing] = useState<EditorGroup | 'new' | null>(null);
  const open = editing === 'new' ? null : menu.groups.find((group) => group.id === editing?.id);
  return (
    <section className="menu-panel" aria-labelledby="menu-groups-title">
      <h2 id="menu-groups-title">Modifier groups</h2>
      {editing ? (
        <GroupForm {...props} group={open ?? null} onDone={() => setEditing(null)} />
      ) : (
        !readOnly && (
          <button type="button" className="staff-primary" onClick={() => setEditing('new')}>
            New modifier group
          </button>
        )
      )}
      <ul className="menu-group-list">
        {menu.groups.map((group) => (
          <li key={group.id}>
            <span className="menu-name">{group.name}</span>
            <span className="admin-sub">
              {choicesText(group)} · {group.modifiers.length} options ·{' '}
              {menu.items.filter((item) => item.group_ids.includes(group.id)).length} items
            </span>
            <button type="button" onClick={() => setEditing(group)}>
              {readOnly ? 'View' : 'Edit'} <span className="visually-hidden">{group.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const choicesText = (group: EditorGroup) =>
  group.min_required === 0
    ? `Up to ${group.max_allowed}`
    : group.min_required === group.max_allowed
      ? `Exactly ${group.min_required}`
      : `${group.min_required} to ${group.max_allowed}`;

function GroupForm(props: MenuPanelProps & { group: EditorGroup | null; onDone: () => void }) {
  const { api, show, run, readOnly, group, onDone } = props;
  const ids = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [min, setMin] = useState(String(group?.min_required ?? 0));
  const [max, setMax] = useState(String(group?.max_allowed ?? 1));
  const [ask, setAsk] = useState(group?.force_popup ?? false);
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : -1);
  const { submit, error, busy } = useSubmit(async () => {
    const body = { name, min_required: whole(min), max_allowed: whole(max), force_popup: ask };
    show(await (group ? api.changeGroup(group.id, body) : api.createGroup(body)), `${name.trim()} is saved.`);
    if (!group) onDone();
  });
  return (
    <div className="admin-form menu-group-form">
      <form onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
        <h3 id={`${ids}-title`}>{group ? group.name : 'New modifier group'}</h3>
        <fieldset disabled={readOnly} className="menu-fields">
          <label htmlFor={`${ids}-name`}>
            Name
            <input id={`${ids}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} />
          </label>
          <div className="admin-row">
            <label htmlFor={`${ids}-min`}>
              Fewest choices
              <input
                id={`${ids}-min`}
                inputMode="numeric"
                value={min}
                onChange={(e) => setMin(e.currentTarget.value)}
              />
            </label>
            <label htmlFor={`${ids}-max`}>
              Most choices
              <input
                id={`${ids}-max`}
                inputMode="numeric"
                value={max}
                onChange={(e) => setMax(e.currentTarget.value)}
              />
            </label>
          </div>
          <label className="admin-choice">
            <input type="checkbox" checked={ask} onChange={(event) => setAsk(event.currentTarget.checked)} />
            Always ask (open the choices when the item is added)
          </label>
        </fieldset>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-actions">
          {!readOnly && (
            <button type="submit" className="staff-primary" disabled={busy}>
              Save group
            </button>
          )}
          <button type="button" onClick={onDone}>
            {group ? 'Close' : 'Cancel'}
          </button>
          {group && !readOnly && (
            <button
              type="button"
              className="staff-danger"
              onClick={() =>
                void run(() => api.removeGroup(group.id), `${group.name} is removed.`).then((ok) => ok && onDone())
              }
            >
              Remove group
            </button>
          )}
        </div>
      </form>
      {group && <Modifiers {...props} group={group} />}
    </div>
  );
}

function Modifiers(props: MenuPanelProps & { group: EditorGroup }) {
  const { api, run, readOnly, group } = props;
  const [editing, setEditing] = useState<Modifier | 'new' | null>(null);
  const entries = group.modifiers.map((modifier) => ({ ...modifier, label: modifier.name }));
  return (
    <div className="menu-modifiers">
      <h4>Options in {group.name}</h4>
      <ReorderList
        entries={entries}
        label={`Options in ${group.name}`}
        readOnly={readOnly}
        onMove={(modifier, direction) => {
          const index = entries.findIndex((each) => each.id === modifier.id) + (direction === 'up' ? -1 : 1);
          return run(
            () => api.move('modifiers', modifier.id, direction),
            movedText(modifier.name, index + 1, entries.length),
          );
        }}
      >
        {(modifier) => (
          <>
            <span className="menu-name">{modifier.name}</span>
            <span className="admin-sub">
              {modifier.price_cents > 0 ? `+${money(modifier.price_cents)}` : 'No charge'}
              {!modifier.available && ' · Sold out'}
            </span>
            <EntryActions
              name={modifier.name}
              readOnly={readOnly}
              onEdit={() => setEditing(modifier)}
              onRemove={() => void run(() => api.removeModifier(modifier.id), `${modifier.name} is removed.`)}
            />
          </>
        )}
      </ReorderList>
      {!readOnly &&
        (editing ? (
          <ModifierForm
            {...props}
            modifier={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
            key={editing === 'new' ? 'new' : editing.id}
          />
        ) : (
          <button type="button" onClick={() => setEditing('new')}>
            New option in {group.name}
          </button>
        ))}
    </div>
  );
}

function ModifierForm({
  api,
  show,
  group,
  modifier,
  onDone,
}: MenuPanelProps & { group: EditorGroup; modifier: Modifier | null; onDone: () => void }) {
  const ids = useId();
  const [name, setName] = useState(modifier?.name ?? '');
  const [price, setPrice] = useState(modifier ? centsToDollars(modifier.price_cents) : '0.00');
  const [available, setAvailable] = useState(modifier?.available ?? true);
  const { submit, error, busy } = useSubmit(async () => {
    const body = { name, price_cents: dollarsToCents(price), available };
    show(
      await (modifier ? api.changeModifier(modifier.id, body) : api.createModifier(group.id, body)),
      `${name.trim()} is saved.`,
    );
    onDone();
  });
  return (
    <form className="menu-modifier-form" onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <h5 id={`${ids}-title`}>{modifier ? `Edit ${modifier.name}` : `New option in ${group.name}`}</h5>
      <div className="admin-row">
        <label htmlFor={`${ids}-name`}>
          Name
          <input id={`${ids}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </label>
        <label htmlFor={`${ids}-price`}>
          Extra charge in dollars
          <input
            id={`${ids}-price`}
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
          />
        </label>
      </div>
      <label className="admin-choice">
        <input type="checkbox" checked={!available} onChange={(event) => setAvailable(!event.currentTarget.checked)} />
        Sold out
      </label>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="staff-primary" disabled={busy}>
          Save option
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
