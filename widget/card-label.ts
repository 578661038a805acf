/** How a saved card reads on screen: 'Visa ending in 4242'. */
import type { PaymentMethod } from '../shared/api/schemas.ts';
import { t } from './i18n.ts';

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
};

export function cardLabel(card: Pick<PaymentMethod, 'brand' | 'last4'>): string {
  const brand = card.brand ?? '';
  const name = BRANDS[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : t('common.card'));
  return card.last4 ? t('common.cardEnding', { brand: name, last4: card.last4 }) : name;
}
