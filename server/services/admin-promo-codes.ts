/**
 * Promo codes as the owner manages them in the admin area: list with use, make, change and
 * deactivate (a code is never deleted: its orders keep naming it). Every change is recorded in
 * the audit log in the same transaction.
 */
import {
  ENDS_BEFORE_START,
  type PromoCodeAdmin,
  type PromoCodeChange,
  type PromoCodeCreate,
  type PromoDiscount,
} from '../../shared/api/admin.ts';
import { toCents, toDollars } from '../../shared/money.ts';
import type { AppDependencies } from '../dependencies.ts';
import { recordChange } from '../db/admin-audit.ts';
import {
  createPromoCode,
  lockPromoCode,
  promoCodesWithUse,
  updatePromoCode,
  type AdminPromoCodeRow,
  type PromoCodeUseRow,
} from '../db/promo-codes.ts';
import { HttpError } from '../http/errors.ts';
import type { Actor } from './staff-board.ts';

export const promoCodeTaken = (code: string) =>
  `There is already a code ${code}. Choose another code, or change that one.`;
export const noSuchPromoCode = (code: string) => `There is no promo code ${code}.`;

type Deps = Pick<AppDependencies, 'db' | 'clock'>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function discountOf(row: Pick<AdminPromoCodeRow, 'discount_type' | 'discount_value'>): PromoDiscount {
  return row.discount_type === 'percent'
    ? { type: 'percent', percent: row.discount_value }
    : { type: 'fixed', amount_cents: toCents(row.discount_value) };
}

/** The stored discount columns of a discount (an amount is kept in dollars, as pricing reads it). */
function discountColumns(discount: PromoDiscount): Pick<AdminPromoCodeRow, 'discount_type' | 'discount_value'> {
  return discount.type === 'percent'
    ? { discount_type: 'percent', discount_value: discount.percent }
    : { discount_type: 'fixed', discount_value: toDollars(discount.amount_cents) };
}

function stateOf(row: PromoCodeUseRow, now: Date): PromoCodeAdmin['state'] {
  if (!row.active) return 'inactive';
  if (row.expires_at && new Date(row.expires_at) <= now) return 'expired';
  if (row.starts_at && new Date(row.starts_at) > now) return 'scheduled';
  if (row.total_limit !== null && row.uses >= row.total_limit) return 'used_up';
  return 'active';
}

/** What the audit log keeps of a code: what an admin sets, as the API words it. */
function auditOf(row: AdminPromoCodeRow): Record<string, unknown> {
  return {
    code: row.code,
    description: row.description,
    discount: discountOf(row),
    min_subtotal_cents: row.min_subtotal_cents,
    starts_at: iso(row.starts_at),
    expires_at: iso(row.expires_at),
    per_customer_limit: row.per_customer_limit,
    total_limit: row.total_limit,
    first_order_only: row.first_order_only,
    active: row.active,
  };
}

function answerOf(row: PromoCodeUseRow, now: Date): PromoCodeAdmin {
  return {
    ...(auditOf(row) as Omit<
      PromoCodeAdmin,
      'state' | 'created_at' | 'updated_at' | 'uses' | 'revenue_cents' | 'discount_given_cents'
    >),
    state: stateOf(row, now),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    uses: row.uses,
    revenue_cents: row.revenue_cents,
    discount_given_cents: row.discount_given_cents,
  };
}

export async function listPromoCodes(deps: Deps): Promise<PromoCodeAdmin[]> {
  const now = deps.clock();
  return (await promoCodesWithUse(deps.db)).map((row) => answerOf(row, now));
}

async function oneWithUse(deps: Deps, code: string): Promise<PromoCodeAdmin> {
  const [row] = await promoCodesWithUse(deps.db, code);
  if (!row) throw new HttpError(404, noSuchPromoCode(code));
  return answerOf(row, deps.clock());
}

export async function makePromoCode(deps: Deps, promo: PromoCodeCreate, by: Actor): Promise<PromoCodeAdmin> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const values = {
      code: promo.code,
      description: promo.description,
      ...discountColumns(promo.discount),
      min_subtotal_cents: promo.min_subtotal_cents,
      starts_at: promo.starts_at === null ? null : new Date(promo.starts_at),
      expires_at: promo.expires_at === null ? null : new Date(promo.expires_at),
      per_customer_limit: promo.per_customer_limit,
      total_limit: promo.total_limit,
      first_order_only: promo.first_order_only,
      active: promo.active,
    };
    if (!(await createPromoCode(tx, values, now))) throw new HttpError(409, promoCodeTaken(promo.code));
    const made = { ...values, created_at: now, updated_at: now };
    await recordChange(tx, {
      at: now,
      actor: by.email,
      area: 'promo_codes',
      subject: promo.code,
      before: null,
      after: auditOf(made),
    });
  });
  return oneWithUse(deps, promo.code);
}

export async function changePromoCode(
  deps: Deps,
  code: string,
  change: PromoCodeChange,
  by: Actor,
): Promise<PromoCodeAdmin> {
  const now = deps.clock();
  const key = code.trim().toUpperCase();
  await deps.db.transaction(async (tx) => {
    const was = await lockPromoCode(tx, key);
    if (!was) throw new HttpError(404, noSuchPromoCode(key));
    const at = (value: string | null | undefined, stored: Date | null) =>
      value === undefined ? stored : value === null ? null : new Date(value);
    const next: AdminPromoCodeRow = {
      ...was,
      description: change.description ?? was.description,
      ...(change.discount ? discountColumns(change.discount) : {}),
      min_subtotal_cents: change.min_subtotal_cents ?? was.min_subtotal_cents,
      starts_at: at(change.starts_at, was.starts_at),
      expires_at: at(change.expires_at, was.expires_at),
      per_customer_limit: change.per_customer_limit === undefined ? was.per_customer_limit : change.per_customer_limit,
      total_limit: change.total_limit === undefined ? was.total_limit : change.total_limit,
      first_order_only: change.first_order_only ?? was.first_order_only,
      active: change.active ?? was.active,
      updated_at: now,
    };
    if (next.starts_at && next.expires_at && next.expires_at <= next.starts_at)
      throw new HttpError(422, ENDS_BEFORE_START);
    const before = auditOf(was);
    const after = auditOf(next);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await updatePromoCode(tx, next, now);
    await recordChange(tx, { at: now, actor: by.email, area: 'promo_codes', subject: key, before, after });
  });
  return oneWithUse(deps, key);
}
