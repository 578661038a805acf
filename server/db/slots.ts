/**
 * SQL for how full the kitchen's slots are (orders.slot_at, 0023_pace.sql) and the per-slot lock
 * create-order counts and inserts under. Which orders hold a slot is shared/schedule.ts's rule:
 * not cancelled, and paid or later, or waiting for payment for at most CHECKOUT_HOLD_MINUTES
 * since it was made (and its payment not stopped) while it is the newest checkout waiting for
 * payment from its client address (one without an address holds as if it were). The hold is
 * measured on the database's clock, which stamped created_at. An unpaid checkout counts at most
 * `heldCents` of its subtotal (shared/schedule.ts unpaidHoldCents), a paid order all of it.
 */
import { CHECKOUT_HOLD_MINUTES, type SlotLoad } from '../../shared/schedule.ts';
import type { Queryable } from './database.ts';

/** The advisory lock space of slots (the second key is the slot's minute since the epoch). */
const SLOT_LOCK = 72413023;

/**
 * An unpaid checkout holds a place only while it is its address's newest one: no card is needed
 * to make one, so an address making many (as often as ORDERS_PER_ADDRESS lets it) holds one place
 * in all, not one per checkout, and a customer who changed the cart holds one, not two. Newest by
 * created_at, then id, so that exactly one of an address's checkouts is.
 */
const HOLDS_SLOT = `o.status <> 'cancelled'
  and (o.status <> 'pending_payment'
    or (o.created_at > now() - make_interval(mins => ${CHECKOUT_HOLD_MINUTES})
      and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'canceled')
      and (o.client_address is null
        or not exists (select 1 from orders n
                        where n.client_address = o.client_address and n.status = 'pending_payment'
                          and (n.created_at, n.id) > (o.created_at, o.id)))))`;

interface LoadRow {
  slot_at: Date;
  orders: string | number;
  subtotal_cents: string | number;
}

/** A load row as the database answers it (count and sum may come back as text). */
export const slotLoadOf = (row: Partial<Omit<LoadRow, 'slot_at'>> | undefined): SlotLoad => ({
  orders: Number(row?.orders ?? 0),
  subtotalCents: Number(row?.subtotal_cents ?? 0),
});

/** What an order adds to its slot's subtotal, an unpaid one at most the parameter numbered `held`. */
const heldSubtotal = (held: number) =>
  `case when o.status = 'pending_payment' then least(o.subtotal_cents, $${held}::bigint) else o.subtotal_cents end`;

/**
 * The load of every slot from `from` to `to` (both included) that holds anything, by the slot's
 * instant; an unpaid checkout counts at most `heldCents` of its subtotal.
 */
export async function slotLoads(
  db: Queryable,
  from: Date,
  to: Date,
  heldCents: number,
): Promise<Map<number, SlotLoad>> {
  const rows = await db.query<LoadRow>(
    `select o.slot_at, count(*) as orders, coalesce(sum(${heldSubtotal(3)}), 0) as subtotal_cents
       from orders o
      where o.slot_at >= $1 and o.slot_at <= $2 and ${HOLDS_SLOT}
      group by o.slot_at`,
    [from, to, heldCents],
  );
  return new Map(rows.map((row) => [new Date(row.slot_at).getTime(), slotLoadOf(row)]));
}

/**
 * The SELECT of one slot's load as a new checkout from a client address sees it (see slotLoad),
 * its slot, address, most orders counted and most an unpaid checkout holds being the parameters
 * numbered `slot`, `address`, `atMost` and `held`; it answers one row: orders, subtotal_cents.
 * db/orders.ts counts it in the statement that places an order.
 */
export function slotLoadSelect(slot: number, address: number, atMost: number, held: number): string {
  return `select count(*) as orders, coalesce(sum(held.subtotal_cents), 0) as subtotal_cents
       from (select ${heldSubtotal(held)} as subtotal_cents from orders o where o.slot_at = $${slot} and ${HOLDS_SLOT}
                and ($${address}::text is null or o.status <> 'pending_payment' or o.client_address is distinct from $${address}::text)
              limit $${atMost}) held`;
}

/**
 * One slot's load as a new checkout from `clientAddress` sees it: without that address's own
 * checkouts waiting for payment, which the new one replaces (HOLDS_SLOT). Inside create-order's
 * transaction, after lockSlot, it counts every order placed before. It stops counting at
 * `atMost` orders (the slot's capacity): a slot holding that many is full whatever they add up
 * to, so a busy slot costs no more to check than a slot just full. An unpaid checkout counts at
 * most `heldCents` of its subtotal.
 */
export async function slotLoad(
  db: Queryable,
  slot: Date,
  clientAddress: string | null,
  capacity: { atMost: number; heldCents: number },
): Promise<SlotLoad> {
  const [row] = await db.query<Omit<LoadRow, 'slot_at'>>(slotLoadSelect(1, 2, 3, 4), [
    slot,
    clientAddress,
    capacity.atMost,
    capacity.heldCents,
  ]);
  return slotLoadOf(row);
}

/**
 * Holds the slot's lock until the transaction ends, so two checkouts for one slot (on any
 * replica) count and insert one after the other. Call it as its own statement before counting:
 * in READ COMMITTED the count's snapshot is then taken after the previous holder committed.
 */
export async function lockSlot(tx: Queryable, slot: Date): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1::int, $2::int)', [SLOT_LOCK, Math.floor(slot.getTime() / 60_000)]);
}
