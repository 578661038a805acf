/** The cart's lines as the checkout lists them, with a way back to the cart to change them. */
import type { CartLine } from '../../shared/cart.ts';
import { formatUSD } from '../../shared/money.ts';
import { linePriceCents } from '../../shared/pricing.ts';
import { t } from '../i18n.ts';

export function CartSummary({ lines, onEdit }: { lines: readonly CartLine[]; onEdit: () => void }) {
  return (
    <>
      <ul className="summary-lines">
        {lines.map((line) => (
          <li key={line.id}>
            <span className="summary-quantity">{line.quantity} ×</span>
            <span className="summary-name">
              {line.menuItem.name}
              {line.selectedModifiers.length > 0 && (
                <span className="modifiers">{line.selectedModifiers.map((m) => m.name).join(', ')}</span>
              )}
            </span>
            <span>{formatUSD(linePriceCents(line))}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="link" onClick={onEdit}>
        {t('checkout.editCart')}
      </button>
    </>
  );
}
