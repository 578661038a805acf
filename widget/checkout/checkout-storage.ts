/**
 * What the checkout keeps in the browser so a refresh or a second click loses nothing:
 * - the contact details as typed;
 * - the Idempotency-Key of the current attempt, with the order it was for. Placing the same
 *   order again (a retry, a double click, a refresh) sends the same key, so the server answers
 *   with the same order and payment instead of charging twice; a changed cart gets a new key.
 */
import type { CreateOrderRequestInput } from '../../shared/api/schemas.ts';
import type { CheckoutContact } from '../../shared/checkout-form.ts';

const CONTACT_KEY = 'comal:checkout-contact';
const ATTEMPT_KEY = 'comal:checkout-attempt';

export const emptyContact: CheckoutContact = { name: '', email: '', phone: '', marketingOptIn: false };

function read(storage: Storage | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: unknown) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // blocked or full storage: the checkout still works for this visit
  }
}

export function readContact(storage: Storage | null): CheckoutContact {
  const stored = read(storage, CONTACT_KEY);
  if (typeof stored !== 'object' || stored === null) return emptyContact;
  const raw = stored as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 254) : '');
  return {
    name: text(raw.name),
    email: text(raw.email),
    phone: text(raw.phone),
    marketingOptIn: raw.marketingOptIn === true,
  };
}

export function saveContact(storage: Storage | null, contact: CheckoutContact): void {
  write(storage, CONTACT_KEY, contact);
}

/** The key for placing this order: the stored one when the order is the same, else a new one. */
export function idempotencyKeyFor(
  storage: Storage | null,
  payload: CreateOrderRequestInput,
  random: () => string = randomKey,
): string {
  const signature = JSON.stringify(payload);
  // The page's own copy counts too: storage that reads but cannot be written (full) still
  // holds an older attempt, and the retry must find this one.
  for (const attempt of [read(storage, ATTEMPT_KEY), inMemory] as ({ key?: unknown; signature?: unknown } | null)[]) {
    if (attempt && typeof attempt.key === 'string' && attempt.signature === signature) return attempt.key;
  }
  const key = random();
  inMemory = { key, signature };
  write(storage, ATTEMPT_KEY, inMemory);
  return key;
}

/** After a paid order: the next order is a new attempt. */
export function forgetAttempt(storage: Storage | null): void {
  inMemory = null;
  write(storage, ATTEMPT_KEY, null);
}

// Where the attempt is kept when storage is blocked, so a double click still reuses the key.
let inMemory: { key: string; signature: string } | null = null;

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
