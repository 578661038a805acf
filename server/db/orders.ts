/** SQL for orders, their lines and their status history. */
import type { PaymentStatus } from '../providers/payments/payment-provider.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import type { OrderTimes } from '../../shared/kitchen-time.ts';
import type { SlotLoad } from '../../shared/schedule.ts';
import type { Queryable } from './database.ts';
import { slotLoadOf, slotLoadSelect } from './slots.ts';

export type OrderStatus =
  'pending_payment' | 'paid' | 'accepted' | 'ready' | 'out_for_delivery' | 'completed' | 'cancelled';

export interface OrderLineRow {
  menu_item_id: string;
  name: string;
  unit_price_cents: number;
  quantity: number;
  /**
   * The chosen modifiers, each with its group's English name as the menu said it when the order
   * was placed (absent on orders placed before the board grouped choices).
   */
  modifiers: { id: string; name: string; price_cents: number; group?: string }[];
}

export interface NewOrder {
  id: string;
  status: OrderStatus;
  cognito_sub: string | null;
  name: string;
  email: string;
  phone: string;
  marketing_opt_in: boolean;
  /** Consent to texts about this order (0012_sms.sql); absent is no. */
  sms_opt_in?: boolean;
  delivery_type: 'pickup' | 'delivery';
  delivery_street: string | null;
  delivery_city: string | null;
  delivery_state: string | null;
  delivery_zip: string | null;
  delivery_country: string | null;
  delivery_lat: number | null;
  delivery_lng: number | null;
  delivery_quote_id: string | null;
  promo_code: string | null;
  subtotal_cents: number;
  promo_discount_cents: number;
  /** What loyalty points took off (0020_loyalty_redemption.sql); absent is none. */
  loyalty_discount_cents?: number;
  /** The points the order spends on that reward; absent is none. */
  points_redeemed?: number;
  tax_cents: number;
  delivery_fee_cents: number;
  delivery_charge_cents: number;
  tip_cents: number;
  total_cents: number;
  /** The client address that placed it (for card-testing limits); null when not known. */
  client_address?: string | null;
  /** The language it was placed in, for its mails and texts (0022_order_locale.sql); absent is English. */
  locale?: Locale;
  /** The customer's note to the kitchen, one plain line (0025_kitchen_board.sql); absent is none. */
  note?: string | null;
  /** The slot the order counts against (0023_pace.sql): its scheduled time, or ASAP's ready slot; absent is none. */
  slot_at?: Date | null;
  /** The time the customer wants it ready; absent or null is as soon as possible. */
  scheduled_for?: Date | null;
}

/** The payment made for a new order, written with it (server/db/payments.ts reads it). */
export interface NewOrderPayment {
  id: string;
  provider: string;
  provider_reference: string;
  client_secret: string;
  amount_cents: number;
  status: PaymentStatus;
}

export interface OrderRow extends NewOrder {
  sms_opt_in: boolean;
  loyalty_discount_cents: number;
  points_redeemed: number;
  client_address: string | null;
  locale: Locale;
  number: number;
  points_earned: number;
  /** The earn rate its points were counted at (0032_points_rate.sql); null: the file's, before live settings. */
  points_cents_per_point: number | null;
  created_at: Date;
  paid_at: Date | null;
  /** When the food should be ready (0008_scheduling.sql); null for as soon as possible. */
  scheduled_for: Date | null;
  /** The time staff promised the customer (0009_staff.sql). */
  promised_at: Date | null;
  slot_at: Date | null;
  /** Why staff cancelled it (0009_staff.sql): a REFUND_REASONS code from 0024_refunds.sql on. */
  cancel_reason: string | null;
  /** The staff's words beside the reason (0024_refunds.sql), or null. */
  cancel_note: string | null;
  note: string | null;
  /** When the restaurant's phone was texted because nobody accepted it (0025_kitchen_board.sql). */
  alerted_at: Date | null;
  /** A pickup completed because nobody came for it. */
  no_show: boolean;
}

/** A stored order's times as shared/kitchen-time.ts reads them (due, fire). */
export function orderTimes(order: OrderRow): OrderTimes {
  const at = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    deliveryType: order.delivery_type,
    paidAt: at(order.paid_at),
    scheduledFor: at(order.scheduled_for),
    promisedAt: at(order.promised_at),
    slotAt: at(order.slot_at),
  };
}

/** An order as the staff board reads it: with its payment's status (null when it has none). */
export interface BoardOrderRow extends OrderRow {
  payment_status: PaymentStatus | null;
}

/** One line of an order as the staff board shows it. */
export interface BoardLineRow {
  order_id: string;
  position: number;
  name: string;
  unit_price_cents: number;
  quantity: number;
  modifiers: { id?: string; name: string; price_cents?: number; group?: string }[];
}

const ORDER_FIELDS = [
  'id',
  'status',
  'cognito_sub',
  'name',
  'email',
  'phone',
  'marketing_opt_in',
  'sms_opt_in',
  'delivery_type',
  'delivery_street',
  'delivery_city',
  'delivery_state',
  'delivery_zip',
  'delivery_country',
  'delivery_lat',
  'delivery_lng',
  'delivery_quote_id',
  'promo_code',
  'subtotal_cents',
  'promo_discount_cents',
  'loyalty_discount_cents',
  'points_redeemed',
  'tax_cents',
  'delivery_fee_cents',
  'delivery_charge_cents',
  'tip_cents',
  'total_cents',
  'client_address',
  'locale',
  'note',
  'slot_at',
  'scheduled_for',
] as const satisfies readonly (keyof NewOrder)[];

/** What an optional field is when the new order leaves it out. */
const ORDER_DEFAULTS: Partial<Record<keyof NewOrder, unknown>> = {
  sms_opt_in: false,
  loyalty_discount_cents: 0,
  points_redeemed: 0,
  locale: 'en',
  note: null,
};

/**
 * Writes the order, its lines, its first status and (when given) its payment in one statement,
 * so a checkout's transaction makes one round trip for all of them; answers the order's number.
 */
export async function insertOrder(
  db: Queryable,
  order: NewOrder,
  lines: OrderLineRow[],
  payment?: NewOrderPayment,
): Promise<number> {
  return (await placeOrderRows(db, order, lines, payment, null)).number;
}

/**
 * insertOrder, with the load of the order's slot (`slot.at`) counted in the same statement as
 * create-order's slot lock lets it (db/slots.ts slotLoad: without `slot.clientAddress`'s own
 * waiting checkouts, at most `slot.atMost` orders, an unpaid one counting at most `slot.heldCents`),
 * and without the new order, which the count's
 * snapshot does not see. The caller checks the load and throws to roll the order back when the
 * slot had no room: one round trip instead of two for the common case of a slot with room.
 */
export async function insertOrderCountingSlot(
  tx: Queryable,
  order: NewOrder,
  lines: OrderLineRow[],
  payment: NewOrderPayment,
  slot: { at: Date; clientAddress: string | null; atMost: number; heldCents: number },
): Promise<{ number: number; slotLoad: SlotLoad }> {
  const placed = await placeOrderRows(tx, order, lines, payment, slot);
  return { number: placed.number, slotLoad: placed.slotLoad! };
}

async function placeOrderRows(
  db: Queryable,
  order: NewOrder,
  lines: OrderLineRow[],
  payment: NewOrderPayment | undefined,
  slot: { at: Date; clientAddress: string | null; atMost: number; heldCents: number } | null,
): Promise<{ number: number; slotLoad: SlotLoad | null }> {
  const values = ORDER_FIELDS.map((field) => order[field] ?? ORDER_DEFAULTS[field] ?? null);
  const at = (n: number) => `$${ORDER_FIELDS.length + n}`;
  const linesJson = JSON.stringify(
    lines.map((line, position) => ({
      position,
      menu_item_id: line.menu_item_id,
      name: line.name,
      unit_price_cents: line.unit_price_cents,
      quantity: line.quantity,
      modifiers: line.modifiers,
    })),
  );
  const [row] = await db.query<{ number: string | number; orders?: string | number; subtotal_cents?: string | number }>(
    `with placed as (
       insert into orders (${ORDER_FIELDS.join(', ')})
       values (${ORDER_FIELDS.map((_, i) => `$${i + 1}`).join(', ')}) returning id, number, status),
     lines as (
       insert into order_lines (order_id, position, menu_item_id, name, unit_price_cents, quantity, modifiers)
       select placed.id, l.position, l.menu_item_id, l.name, l.unit_price_cents, l.quantity, l.modifiers
         from placed, jsonb_to_recordset(${at(1)}::jsonb)
           as l(position integer, menu_item_id text, name text, unit_price_cents integer, quantity integer, modifiers jsonb)),
     history as (insert into order_status_history (order_id, status) select id, status from placed),
     paid as (
       insert into payments (id, order_id, provider, provider_reference, client_secret, amount_cents, status)
       select ${at(2)}::text, placed.id, ${at(3)}::text, ${at(4)}::text, ${at(5)}::text, ${at(6)}::int, ${at(7)}::text
         from placed where ${at(2)}::text is not null)
     ${slot ? `, load as (${slotLoadSelect(ORDER_FIELDS.length + 8, ORDER_FIELDS.length + 9, ORDER_FIELDS.length + 10, ORDER_FIELDS.length + 11)})` : ''}
     select number${slot ? ', load.orders, load.subtotal_cents' : ''} from placed${slot ? ', load' : ''}`,
    [
      ...values,
      linesJson,
      payment?.id ?? null,
      payment?.provider ?? null,
      payment?.provider_reference ?? null,
      payment?.client_secret ?? null,
      payment?.amount_cents ?? null,
      payment?.status ?? null,
      ...(slot ? [slot.at, slot.clientAddress, slot.atMost, slot.heldCents] : []),
    ],
  );
  return { number: Number(row!.number), slotLoad: slot ? slotLoadOf(row) : null };
}

type Stored<T extends OrderRow> = Omit<T, 'number'> & { number: string | number };

/** The order's number as a JavaScript number (PostgreSQL's bigint comes back as a string). */
const withNumber = <T extends OrderRow>(row: Stored<T>): T => ({ ...row, number: Number(row.number) }) as T;

export async function findOrder(db: Queryable, id: string): Promise<OrderRow | null> {
  const [row] = await db.query<Stored<OrderRow>>('select * from orders where id = $1', [id]);
  return row ? withNumber(row) : null;
}

/** Reads an order and locks its row until the transaction ends; null when there is none. */
export async function lockOrder(tx: Queryable, id: string): Promise<OrderRow | null> {
  const [row] = await tx.query<Stored<OrderRow>>('select * from orders where id = $1 for update', [id]);
  return row ? withNumber(row) : null;
}

/** Whether the order exists and was placed by this customer. */
export async function isCustomersOrder(db: Queryable, id: string, cognitoSub: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('select id from orders where id = $1 and cognito_sub = $2', [
    id,
    cognitoSub,
  ]);
  return rows.length > 0;
}

/** Records the time staff promised the customer. */
export async function setPromisedAt(db: Queryable, id: string, promisedAt: Date): Promise<void> {
  await db.query('update orders set promised_at = $2 where id = $1', [id, promisedAt]);
}

/** Records why staff cancelled the order. */
/** Why staff cancelled it: a REFUND_REASONS code, and their own words (or null). */
export async function setCancelReason(db: Queryable, id: string, reason: string, note: string | null): Promise<void> {
  await db.query('update orders set cancel_reason = $2, cancel_note = $3 where id = $1', [id, reason, note]);
}

const BOARD_SELECT = 'select o.*, p.status as payment_status from orders o left join payments p on p.order_id = o.id';

/** These orders with their payment's status, for the staff board (an id with no order is left out). */
export async function findBoardOrderRows(db: Queryable, ids: readonly string[]): Promise<BoardOrderRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<Stored<BoardOrderRow>>(`${BOARD_SELECT} where o.id = any($1::text[])`, [[...ids]]);
  return rows.map(withNumber);
}

/**
 * Paid orders not yet completed or cancelled, and those completed or cancelled after `since` (by
 * their last event, else when paid or placed), newest first, at most 500; with their payment's status.
 */
export async function boardOrderRows(db: Queryable, since: Date): Promise<BoardOrderRow[]> {
  const rows = await db.query<Stored<BoardOrderRow>>(
    `${BOARD_SELECT} where o.status <> 'pending_payment'
       and (o.status not in ('completed', 'cancelled')
            or coalesce((select max(e.at) from order_events e where e.order_id = o.id), o.paid_at, o.created_at) > $1)
     order by o.created_at desc, o.number desc limit 500`,
    [since],
  );
  return rows.map(withNumber);
}

/** The lines of these orders, by order and position, with what the staff board shows. */
export async function boardLines(db: Queryable, orderIds: readonly string[]): Promise<BoardLineRow[]> {
  return db.query<BoardLineRow>(
    `select order_id, position, name, unit_price_cents, quantity, modifiers from order_lines where order_id = any($1::text[]) order by order_id, position`,
    [orderIds],
  );
}

export async function orderLines(db: Queryable, orderId: string): Promise<OrderLineRow[]> {
  return db.query<OrderLineRow>(
    `select menu_item_id, name, unit_price_cents, quantity, modifiers from order_lines where order_id = $1 order by position`,
    [orderId],
  );
}

/** Moves an order from one status to the next; false when it was not in `from` (someone else moved it). */
export async function moveOrder(
  db: Queryable,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  extra: { paidAt?: Date; pointsEarned?: number; pointsCentsPerPoint?: number; noShow?: boolean } = {},
): Promise<boolean> {
  const updated = await db.query(
    `update orders set status = $3, paid_at = coalesce($4, paid_at), points_earned = coalesce($5, points_earned),
            no_show = coalesce($6, no_show), points_cents_per_point = coalesce($7, points_cents_per_point)
      where id = $1 and status = $2 returning id`,
    [
      id,
      from,
      to,
      extra.paidAt ?? null,
      extra.pointsEarned ?? null,
      extra.noShow ?? null,
      extra.pointsCentsPerPoint ?? null,
    ],
  );
  if (updated.length === 0) return false;
  await addStatus(db, id, to);
  return true;
}

async function addStatus(db: Queryable, orderId: string, status: OrderStatus, note = ''): Promise<void> {
  await db.query('insert into order_status_history (order_id, status, note) values ($1, $2, $3)', [
    orderId,
    status,
    note,
  ]);
}

/**
 * The group each of these modifiers sits in on the menu now (by modifier id), for order lines
 * stored before lines kept their group's name; a modifier gone from the menu is left out.
 */
export async function menuModifierGroups(db: Queryable, modifierIds: readonly string[]): Promise<Map<string, string>> {
  if (modifierIds.length === 0) return new Map();
  const rows = await db.query<{ id: string; group_name: string }>(
    `select m.id, g.name as group_name from modifiers m join modifier_groups g on g.id = m.modifier_group_id
      where m.id = any($1::text[])`,
    [[...modifierIds]],
  );
  return new Map(rows.map((row) => [row.id, row.group_name]));
}

/** How far back the kitchen's loop looks: an order waiting longer than this is old news, never texted or accepted by itself. */
const KITCHEN_LOOKBACK_MS = 12 * 3_600_000;

/**
 * An order's "waiting since" in SQL: when it reached New (a scheduled order $prep minutes before
 * its time, never before paid), as shared/kitchen-time.ts fireAt works it out for the board.
 */
const FIRED_AT = `greatest(paid_at, scheduled_for - make_interval(mins => $2::int))`;

/**
 * Claims the paid orders nobody accepted within `alertAfterMinutes` of reaching New and nobody
 * was told about: one statement sets their alerted_at, so of two replicas running the loop at once
 * only one gets each order (the other's update waits for the row, then finds it taken).
 */
export async function claimUnacceptedOrders(
  db: Queryable,
  now: Date,
  kitchen: { prepMinutes: number; alertAfterMinutes: number },
): Promise<OrderRow[]> {
  const rows = await db.query<Stored<OrderRow>>(
    `update orders set alerted_at = $1
      where status = 'paid' and alerted_at is null and paid_at is not null
        and ${FIRED_AT} <= $3 and ${FIRED_AT} > $4
      returning *`,
    [
      now,
      kitchen.prepMinutes,
      new Date(now.getTime() - kitchen.alertAfterMinutes * 60_000),
      new Date(now.getTime() - KITCHEN_LOOKBACK_MS),
    ],
  );
  return rows.map(withNumber).sort((a, b) => a.number - b.number);
}

/**
 * Scheduled orders still waiting for someone to accept them whose time to reach New has come. The
 * look-back bounds scheduled_for too (an order whose time is that long past is old news whenever
 * it was paid), so the paid orders' index on it (0026_board_indexes.sql) serves the loop's look.
 */
export async function scheduledOrdersFired(db: Queryable, now: Date, prepMinutes: number): Promise<OrderRow[]> {
  const rows = await db.query<Stored<OrderRow>>(
    `select * from orders
      where status = 'paid' and scheduled_for > $3 and scheduled_for <= $1::timestamptz + make_interval(mins => $2::int)
        and paid_at is not null and ${FIRED_AT} <= $1 and ${FIRED_AT} > $3
      order by number`,
    [now, prepMinutes, new Date(now.getTime() - KITCHEN_LOOKBACK_MS)],
  );
  return rows.map(withNumber);
}

/** A customer's orders, newest first, leaving out checkouts never paid for. */
export async function customerOrders(db: Queryable, cognitoSub: string, limit = 50): Promise<OrderRow[]> {
  const rows = await db.query<Stored<OrderRow>>(
    `select * from orders where cognito_sub = $1 and status <> 'pending_payment' order by created_at desc limit $2`,
    [cognitoSub, limit],
  );
  return rows.map(withNumber);
}

/**
 * Whether this customer (any one of account, phone or email; normalised as promo uses are) has a
 * paid order that was not cancelled: a first-order-only code is not theirs any more.
 */
export async function hasPaidOrder(
  db: Queryable,
  who: { cognitoSub?: string | null | undefined; phone?: string | null | undefined; email?: string | null | undefined },
): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    `select exists (
       select 1 from orders
        where status not in ('pending_payment', 'cancelled')
          and ((cognito_sub is not null and cognito_sub = $1) or phone = $2 or lower(email) = $3)) as found`,
    [who.cognitoSub || null, who.phone || null, who.email || null],
  );
  return row?.found === true;
}
