/**
 * An item's form: name, description, price, category, diet and allergen tags, spice, special,
 * sold out, the modifier groups it offers, and its photo (previewed before it is uploaded).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { EditorItem } from '../../../shared/api/admin-menu.ts';
import { DIET_TAGS, type DietTag } from '../../../shared/diet.ts';
import { useSubmit } from '../staff/use-submit.ts';
import { centsToDollars, dollarsToCents } from './admin-form.ts';
import type { MenuPanelProps } from './menu-api.ts';
import { movedText, ReorderList } from './menu-reorder.tsx';

const DIET_NAMES: Record<DietTag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  'gluten-free': 'Gluten-free',
  'dairy-free': 'Dairy-free',
  'contains-nuts': 'Contains nuts',
};
const SPICE_NAMES = ['Not spicy', 'Mild', 'Medium', 'Hot'];

export function MenuItemForm(
  props: MenuPanelProps & { item: EditorItem | null; categoryId: string; onDone: () => void },
) {
  const { menu, api, show, item, readOnly, onDone } = props;
  const ids = useId();
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item ? centsToDollars(item.price_cents) : '');
  const [categoryId, setCategoryId] = useState(item?.category_id ?? props.categoryId);
  const [diet, setDiet] = useState<DietTag[]>(item?.diet ?? []);
  const [spice, setSpice] = useState(item?.spice_level ?? 0);
  const [special, setSpecial] = useState(item?.is_special ?? false);
  const [available, setAvailable] = useState(item?.available ?? true);
  const current = item ? menu.items.find((each) => each.id === item.id) : undefined;

  const { submit, error, busy } = useSubmit(async () => {
    const body = {
      name,
      description,
      price_cents: dollarsToCents(price),
      category_id: categoryId,
      diet,
      spice_level: spice,
      is_special: special,
      available,
    };
    show(await (item ? api.changeItem(item.id, body) : api.createItem(body)), `${name.trim()} is saved.`);
    onDone();
  });

  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${ids}-title`} noValidate>
      <h3 id={`${ids}-title`}>{item ? `${readOnly ? '' : 'Edit '}${item.name}` : 'New item'}</h3>
      <fieldset disabled={readOnly} className="menu-fields">
        <label htmlFor={`${ids}-name`}>
          Name
          <input id={`${ids}-name`} value={name} onChange={(event) => setName(event.currentTarget.value)} required />
        </label>
        <label htmlFor={`${ids}-description`}>
          Description
          <textarea
            id={`${ids}-description`}
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
        </label>
        <div className="admin-row">
          <label htmlFor={`${ids}-price`}>
            Price in dollars
            <input
              id={`${ids}-price`}
              inputMode="decimal"
              value={price}
              onChange={(event) => setPrice(event.currentTarget.value)}
              required
            />
          </label>
          <label htmlFor={`${ids}-category`}>
            Category
            <select
              id={`${ids}-category`}
              value={categoryId}
              onChange={(event) => setCategoryId(event.currentTarget.value)}
            >
              {menu.categories.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${ids}-spice`}>
            Spice
            <select id={`${ids}-spice`} value={spice} onChange={(event) => setSpice(Number(event.currentTarget.value))}>
              {SPICE_NAMES.map((label, level) => (
                <option key={label} value={level}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset>
          <legend>Diet and allergens</legend>
          <div className="menu-days">
            {DIET_TAGS.map((tag) => (
              <label key={tag} className="admin-choice">
                <input
                  type="checkbox"
                  checked={diet.includes(tag)}
                  onChange={(event) =>
                    setDiet(event.currentTarget.checked ? [...diet, tag] : diet.filter((other) => other !== tag))
                  }
                />
                {DIET_NAMES[tag]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="admin-choice">
          <input type="checkbox" checked={special} onChange={(event) => setSpecial(event.currentTarget.checked)} />
          House special
        </label>
        <label className="admin-choice">
          <input
            type="checkbox"
            checked={!available}
            onChange={(event) => setAvailable(!event.currentTarget.checked)}
          />
          Sold out
        </label>
      </fieldset>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <div className="admin-actions">
          <button type="submit" className="staff-primary" disabled={busy}>
            Save item
          </button>
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        </div>
      )}
      {readOnly && (
        <div className="admin-actions">
          <button type="button" onClick={onDone}>
            Close
          </button>
        </div>
      )}
      {current && <ItemGroups {...props} item={current} />}
      {current && <ItemPhoto {...props} item={current} />}
    </form>
  );
}

/**
 * The modifier groups the item offers, each switched on or off at once, and the order its dialog
 * asks them in (moved without dragging, as every list of the menu screen).
 */
function ItemGroups({ menu, api, run, readOnly, item }: MenuPanelProps & { item: EditorItem }) {
  const offered = item.group_ids.flatMap((id) => {
    const group = menu.groups.find((each) => each.id === id);
    return group ? [{ id, label: group.name }] : [];
  });
  return (
    <fieldset disabled={readOnly}>
      <legend>Choices it offers</legend>
      {menu.groups.length === 0 && <p className="admin-hint">No modifier groups yet.</p>}
      <div className="menu-groups-offered">
        {menu.groups.map((group) => (
          <label key={group.id} className="admin-choice">
            <input
              type="checkbox"
              checked={item.group_ids.includes(group.id)}
              onChange={(event) => {
                const offered = event.currentTarget.checked;
                void run(
                  () => api.offerGroup(item.id, group.id, offered),
                  `${item.name} ${offered ? 'offers' : 'no longer offers'} ${group.name}.`,
                );
              }}
            />
            {group.name}
          </label>
        ))}
      </div>
      {offered.length > 1 && (
        <>
          <p className="admin-hint">The order the customer is asked in:</p>
          <ReorderList
            entries={offered}
            label={`Choices ${item.name} asks for, in order`}
            readOnly={readOnly}
            onMove={(group, direction) => {
              const index = offered.findIndex((each) => each.id === group.id) + (direction === 'up' ? -1 : 1);
              return run(
                () => api.moveItemGroup(item.id, group.id, direction),
                movedText(group.label, index + 1, offered.length),
              );
            }}
          >
            {(group) => <span className="menu-name">{group.label}</span>}
          </ReorderList>
        </>
      )}
    </fieldset>
  );
}

/** The item's photo: the current one, a chosen file previewed, then uploaded (resized on the server). */
function ItemPhoto({ api, show, readOnly, item }: MenuPanelProps & { item: EditorItem }) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function send(work: () => Promise<Parameters<typeof show>[0]>, said: string) {
    setBusy(true);
    setProblem(null);
    try {
      show(await work(), said);
      setFile(null);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset disabled={readOnly || busy}>
      <legend>Photo</legend>
      <div className="menu-photos">
        {item.photo && (
          <figure>
            <img src={item.photo} alt={`${item.name}, as shown now`} width={150} height={100} />
            <figcaption>Now</figcaption>
          </figure>
        )}
        {preview && (
          <figure>
            <img src={preview} alt={`${item.name}, as chosen`} width={150} height={100} />
            <figcaption>Chosen, not uploaded yet</figcaption>
          </figure>
        )}
      </div>
      <label htmlFor={`${ids}-photo`}>
        Choose a photo (JPEG, PNG, WebP or AVIF, up to 8 MB)
        <input
          id={`${ids}-photo`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
      {problem && (
        <p className="staff-error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-actions">
        <button
          type="button"
          disabled={!file}
          onClick={() =>
            file && void send(() => api.uploadPhoto(item.id, file), `The photo of ${item.name} is uploaded.`)
          }
        >
          Upload photo
        </button>
        {item.photo && (
          <button
            type="button"
            className="staff-danger"
            onClick={() => void send(() => api.removePhoto(item.id), `${item.name} has no photo now.`)}
          >
            Remove photo
          </button>
        )}
      </div>
    </fieldset>
  );
}
