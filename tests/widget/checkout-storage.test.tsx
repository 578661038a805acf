/**
 * What the checkout keeps in the browser (widget/checkout/checkout-storage.ts), in happy-dom's
 * real localStorage: placing the same order again (a double click, a retry, a reload) sends the
 * same Idempotency-Key, so the customer is charged once; a changed order or a paid one gets a
 * new key; every key passes the server's rule; blocked storage still reuses the key within the
 * page; and the contact details typed survive a reload while junk in storage is ignored.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderRequestInput } from '../../shared/api/schemas.ts';
import {
  emptyContact,
  forgetAttempt,
  idempotencyKeyFor,
  readContact,
  saveContact,
} from '../../widget/checkout/checkout-storage.ts';

/** The server's rule for the Idempotency-Key header (server/routes/orders.ts). */
const SERVER_KEY_RULE = /^[\w-]{8,255}$/;

const tacoOrder: CreateOrderRequestInput = {
  cart_items: [{ menu_item_id: 'asada', quantity: 2, modifiers: ['m-cheese'] }],
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  phone: '(213) 555-0100',
  delivery_type: 'pickup',
  promo_code: '',
};
const threeTacos: CreateOrderRequestInput = {
  ...tacoOrder,
  cart_items: [{ menu_item_id: 'asada', quantity: 3, modifiers: ['m-cheese'] }],
};

/** A Storage whose every method throws, as in a browser that blocks site data. */
class BlockedStorage implements Storage {
  get length(): number {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  clear(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  key(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  removeItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
  setItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  }
}

beforeEach(() => {
  localStorage.clear();
  forgetAttempt(null); // no attempt left in memory by the test before
});

describe('the Idempotency-Key of a checkout attempt', () => {
  it('the same order placed twice sends the same key', () => {
    const first = idempotencyKeyFor(localStorage, tacoOrder);
    const second = idempotencyKeyFor(localStorage, { ...tacoOrder });
    expect(second).toBe(first);
  });

  it('the same order after a reload (a fresh module reading localStorage) sends the same key', async () => {
    const before = idempotencyKeyFor(localStorage, tacoOrder);
    vi.resetModules();
    const reloaded = await import('../../widget/checkout/checkout-storage.ts');
    expect(reloaded.idempotencyKeyFor(localStorage, tacoOrder)).toBe(before);
    // and without the stored attempt the reloaded page would have made a new one
    localStorage.clear();
    expect(reloaded.idempotencyKeyFor(localStorage, tacoOrder)).not.toBe(before);
  });

  it('a changed order gets a new key, and changing it back does not revive the old one', () => {
    const two = idempotencyKeyFor(localStorage, tacoOrder);
    const three = idempotencyKeyFor(localStorage, threeTacos);
    expect(three).not.toBe(two);
    expect(idempotencyKeyFor(localStorage, threeTacos)).toBe(three);
    expect(idempotencyKeyFor(localStorage, { ...tacoOrder, tip: 2 })).not.toBe(three);
  });

  it('after a paid order (forgetAttempt) the same cart is a new attempt with a new key', () => {
    const paid = idempotencyKeyFor(localStorage, tacoOrder);
    forgetAttempt(localStorage);
    expect(localStorage.getItem('comal:checkout-attempt')).toBeNull();
    const next = idempotencyKeyFor(localStorage, tacoOrder);
    expect(next).not.toBe(paid);
    expect(idempotencyKeyFor(localStorage, tacoOrder)).toBe(next);
  });

  it('every key passes the server rule of 8 to 255 letters, digits, dashes or underscores', () => {
    const keys = new Set<string>();
    for (let quantity = 1; quantity <= 20; quantity += 1) {
      const key = idempotencyKeyFor(localStorage, {
        ...tacoOrder,
        cart_items: [{ menu_item_id: 'asada', quantity, modifiers: [] }],
      });
      expect(key).toMatch(SERVER_KEY_RULE);
      keys.add(key);
    }
    expect(keys.size).toBe(20);
  });

  it('with storage that reads but cannot be written (full), holding an older attempt, a second click still sends the same key', () => {
    idempotencyKeyFor(localStorage, threeTacos); // an older attempt for another order, stored
    const full: Storage = {
      length: 1,
      clear: () => undefined,
      key: () => null,
      getItem: (key: string) => localStorage.getItem(key),
      removeItem: () => undefined,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    const first = idempotencyKeyFor(full, tacoOrder);
    expect(idempotencyKeyFor(full, tacoOrder)).toBe(first);
  });

  it('with storage that throws, a second click on the same page still sends the same key', () => {
    const blocked = new BlockedStorage();
    const first = idempotencyKeyFor(blocked, tacoOrder);
    expect(first).toMatch(SERVER_KEY_RULE);
    expect(idempotencyKeyFor(blocked, tacoOrder)).toBe(first);
    expect(idempotencyKeyFor(blocked, threeTacos)).not.toBe(first);
    forgetAttempt(blocked);
    expect(idempotencyKeyFor(blocked, threeTacos)).toMatch(SERVER_KEY_RULE);
  });

  it('with no storage at all the key is kept for the page', () => {
    const first = idempotencyKeyFor(null, tacoOrder);
    expect(idempotencyKeyFor(null, tacoOrder)).toBe(first);
  });
});

describe('the contact details typed', () => {
  const ana = { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(213) 555-0100', marketingOptIn: true };

  it('come back as saved after a reload', () => {
    saveContact(localStorage, ana);
    expect(readContact(localStorage)).toEqual(ana);
    saveContact(localStorage, { ...ana, marketingOptIn: false });
    expect(readContact(localStorage)).toEqual({ ...ana, marketingOptIn: false });
  });

  it('start empty when nothing was saved', () => {
    expect(readContact(localStorage)).toEqual({ name: '', email: '', phone: '', marketingOptIn: false });
    expect(emptyContact).toEqual({ name: '', email: '', phone: '', marketingOptIn: false });
  });

  it.each(['{not json', '"Ana"', '42', 'null', '[1,2]'])('junk %j in storage reads as an empty form', (junk) => {
    localStorage.setItem('comal:checkout-contact', junk);
    expect(readContact(localStorage)).toEqual({ name: '', email: '', phone: '', marketingOptIn: false });
  });

  it('fields of the wrong type are dropped one by one; a long name is cut at 254 characters', () => {
    localStorage.setItem(
      'comal:checkout-contact',
      JSON.stringify({ name: 'x'.repeat(300), email: 7, phone: '(213) 555-0100', marketingOptIn: 'yes' }),
    );
    expect(readContact(localStorage)).toEqual({
      name: 'x'.repeat(254),
      email: '',
      phone: '(213) 555-0100',
      marketingOptIn: false,
    });
  });

  it('blocked storage neither throws nor remembers', () => {
    const blocked = new BlockedStorage();
    expect(() => saveContact(blocked, ana)).not.toThrow();
    expect(readContact(blocked)).toEqual({ name: '', email: '', phone: '', marketingOptIn: false });
  });
});
