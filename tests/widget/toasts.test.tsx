// The widget's toasts close after 5000 ms (the storefront's toasts; the page shell's close after 2500 ms), each on its own
// clock, and show in the order they came.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createToasts } from '../../widget/toasts.tsx';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

it('keeps a toast for 5000 ms, then closes it', () => {
  const toasts = createToasts();
  toasts.show('Added Horchata to cart', 'success');
  vi.advanceTimersByTime(4999);
  expect(toasts.list.value.map((t) => t.message)).toEqual(['Added Horchata to cart']);
  vi.advanceTimersByTime(1);
  expect(toasts.list.value).toEqual([]);
});

it('closes each toast 5000 ms after it appeared, oldest first', () => {
  const toasts = createToasts();
  toasts.show('Added Horchata to cart', 'success');
  vi.advanceTimersByTime(3000);
  toasts.show('Failed to fetch Clover menu.', 'error');
  expect(toasts.list.value.map((t) => [t.message, t.kind])).toEqual([
    ['Added Horchata to cart', 'success'],
    ['Failed to fetch Clover menu.', 'error'],
  ]);
  vi.advanceTimersByTime(2000);
  expect(toasts.list.value.map((t) => t.message)).toEqual(['Failed to fetch Clover menu.']);
  vi.advanceTimersByTime(3000);
  expect(toasts.list.value).toEqual([]);
});
