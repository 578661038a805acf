/**
 * The slots the widget is offered, per order type: shared/schedule.ts with the store's switches
 * (pause, busy), each slot's load and the kitchen's capacity. One code path for the public
 * store-hours answer and the admin's 7-day preview, so the preview shows exactly what customers get.
 */
import type { DeliveryType } from '../../shared/pricing.ts';
import type { OrderingHours } from '../../shared/restaurant.ts';
import { availableSlots, unpaidHoldCents, type Availability } from '../../shared/schedule.ts';
import type { AppDependencies } from '../dependencies.ts';
import { slotLoads } from '../db/slots.ts';
import { storeStatusNow, type StoreStatus } from '../db/store-status.ts';

export const ORDER_TYPES: readonly DeliveryType[] = ['pickup', 'delivery'];
export const perType = <T>(value: (type: DeliveryType) => T) =>
  Object.fromEntries(ORDER_TYPES.map((type) => [type, value(type)])) as Record<DeliveryType, T>;

export interface SlotOffer {
  store: StoreStatus;
  available: Record<DeliveryType, Availability>;
}

export async function offeredSlots(
  deps: Pick<AppDependencies, 'db' | 'slotCapacity'>,
  now: Date,
  hours: OrderingHours,
  options: { catering?: boolean; subtotalCents?: number | undefined } = {},
): Promise<SlotOffer> {
  const store = await storeStatusNow(deps.db, now);
  const horizon = new Date(now.getTime() + (hours.horizonDays + 1) * 24 * 3_600_000);
  const loads = await slotLoads(deps.db, now, horizon, unpaidHoldCents(deps.slotCapacity));
  const choice = {
    catering: options.catering ?? false,
    store,
    loads,
    capacity: deps.slotCapacity,
    ...(options.subtotalCents !== undefined ? { subtotalCents: options.subtotalCents } : {}),
  };
  return { store, available: perType((type) => availableSlots(now, type, choice, hours)) };
}
