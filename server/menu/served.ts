/**
 * Create-order's check of the categories' time windows (shared/menu-windows.ts): an item from a
 * category served only at some times (a lunch menu) can be ordered for a time inside one of its
 * windows, in the restaurant's zone; the order's time is its scheduled time, or now for ASAP.
 */
import { restaurant } from '../../shared/restaurant.ts';
import { servedAt } from '../../shared/menu-windows.ts';
import { HttpError } from '../http/errors.ts';
import type { MenuSnapshot } from './catalog.ts';

export const notServedThen = (name: string) => `${name} is not served at that time. Remove it or choose another time.`;

export function checkServedAt(snapshot: MenuSnapshot, cartItems: readonly { menu_item_id: string }[], at: Date): void {
  for (const line of cartItems) {
    const item = snapshot.items.get(line.menu_item_id);
    if (item && !servedAt(item.windows, at, restaurant.ordering.timeZone))
      throw new HttpError(422, notServedThen(item.name));
  }
}
