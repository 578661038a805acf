/**
 * The item dialog: an item's modifier groups to choose from, each within its min and max, a quantity,
 * and the price as it stands, then 'Add to cart'. A modal <dialog> in the browser's top layer, so
 * nothing on a partner's page covers or clips it: focus moves into it and stays there (the page
 * behind is inert; Tab and Shift+Tab cycle), Escape, 'Close' or a click beside it closes it, and
 * focus goes back to the button that opened it. The rules of choosing are shared/modifier-choice's.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MAX_LINE_QUANTITY, type CartAction } from '../../shared/cart.ts';
import type { MenuItem, ModifierGroup } from '../../shared/menu.ts';
import {
  chosenIn,
  chosenModifiers,
  groupRule,
  isAtMax,
  isChoiceComplete,
  isSingleChoice,
  noChoice,
  requiredMessage,
  toggleModifier,
  type ModifierChoice,
} from '../../shared/modifier-choice.ts';
import { formatUSD, toCents } from '../../shared/money.ts';
import { linePriceCents } from '../../shared/pricing.ts';
import { showModal } from '../modal.ts';
import { DietTags } from '../diet-tags.tsx';
import { t } from '../i18n.ts';

interface Props {
  item: MenuItem;
  soldOutModifiers: ReadonlySet<string>;
  /** The button that opened the dialog; focus goes back to it. */
  opener: HTMLElement | null;
  dispatch: (action: CartAction) => void;
  onAdded: (item: MenuItem) => void;
  onClose: () => void;
}

const TITLE_ID = 'comal-item-dialog-title';
const FOCUSABLE = 'button:not([disabled]),input:not([disabled])';

export function ItemDialog({ item, soldOutModifiers, opener, dispatch, onAdded, onClose }: Props) {
  const [choice, setChoice] = useState<ModifierChoice>(noChoice);
  const [quantity, setQuantity] = useState(1);
  const panel = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const dialog = panel.current;
    showModal(dialog);
    dialog?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab' && dialog) {
        // Keeps Tab inside the dialog: from the last control to the first and back.
        const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (controls.length === 0) return;
        const root = dialog.getRootNode() as Document | ShadowRoot;
        const active = root.activeElement;
        const first = controls[0]!;
        const last = controls[controls.length - 1]!;
        const inside = active instanceof Node && active !== dialog && dialog.contains(active);
        if (event.shiftKey && (!inside || active === first)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (!inside || active === last)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    // A click on the backdrop reaches the <dialog> itself (the panel fills the rest): it closes.
    const onBackdrop = (event: MouseEvent) => event.target === dialog && closeRef.current();
    document.addEventListener('keydown', onKeyDown);
    dialog?.addEventListener('click', onBackdrop);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      dialog?.removeEventListener('click', onBackdrop);
      if (dialog?.open) dialog.close();
      if (opener && opener.isConnected) opener.focus();
    };
  }, [opener]);

  const groups = item.modifier_groups;
  const selectedModifiers = chosenModifiers(choice, groups);
  const complete = isChoiceComplete(choice, groups);
  const price = formatUSD(linePriceCents({ menuItem: item, quantity, selectedModifiers }));
  const add = () => {
    if (!complete) return;
    dispatch({ type: 'addItem', menuItem: item, quantity, selectedModifiers });
    onAdded(item);
    onClose();
  };
  const step = (by: number) => setQuantity((q) => Math.min(MAX_LINE_QUANTITY, Math.max(1, q + by)));

  return (
    <dialog
      ref={panel}
      className="item-dialog"
      aria-labelledby={TITLE_ID}
      tabIndex={-1}
      // Escape is handled above; the browser's own closing would leave this component mounted.
      onCancel={(event) => event.preventDefault()}
    >
      <div className="panel">
        <div className="cart-head">
          <h2 id={TITLE_ID}>{item.name}</h2>
          <button type="button" className="icon" aria-label={t('item.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {item.description && <p className="description">{item.description}</p>}
        <DietTags item={item} />
        {groups.map((group) => (
          <Group
            key={group.id}
            group={group}
            choice={choice}
            soldOut={soldOutModifiers}
            onToggle={(id) => setChoice((c) => toggleModifier(c, group, id))}
          />
        ))}
        <p className="need" aria-live="polite">
          {requiredMessage(choice, groups, t)}
        </p>
        <div className="stepper">
          <button
            type="button"
            aria-label={t('item.decreaseQuantity')}
            disabled={quantity <= 1}
            onClick={() => step(-1)}
          >
            −
          </button>
          <output className="quantity" aria-label={t('item.quantity')}>
            {quantity}
          </output>
          <button
            type="button"
            aria-label={t('item.increaseQuantity')}
            disabled={quantity >= MAX_LINE_QUANTITY}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
        <button type="button" className="add add-line" disabled={!complete} onClick={add}>
          {t('item.addToCart', { price })}
        </button>
      </div>
    </dialog>
  );
}

interface GroupProps {
  group: ModifierGroup;
  choice: ModifierChoice;
  soldOut: ReadonlySet<string>;
  onToggle: (modifierId: string) => void;
}

function Group({ group, choice, soldOut, onToggle }: GroupProps) {
  const single = isSingleChoice(group);
  const chosen = chosenIn(choice, group);
  const full = isAtMax(choice, group);
  return (
    <fieldset className="group">
      <legend>
        {group.name}{' '}
        <span className="rule">
          {group.min_required > 0 ? t('item.required') : t('item.optional')} · {groupRule(group, t)}
        </span>
      </legend>
      {group.modifiers.map((m) => {
        const checked = chosen.includes(m.id);
        const gone = soldOut.has(m.id);
        return (
          <label key={m.id} className="option">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`comal-group-${group.id}`}
              value={m.id}
              checked={checked}
              disabled={gone || (!single && full && !checked)}
              onChange={() => onToggle(m.id)}
            />
            <span className="option-name">{m.name}</span>
            {m.price > 0 && <span className="option-price">+{formatUSD(toCents(m.price))}</span>}
            {gone && <span className="sold-out">{t('item.soldOut')}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
