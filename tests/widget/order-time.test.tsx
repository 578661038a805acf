// The checkout's time choice (widget/checkout/order-time.tsx) on the preact build the widget ships,
// in happy-dom, with GET /api/store-hours/'s answers as the server gives them at Friday 11:00 AM:
// busy minutes in "About N minutes"; while ASAP's slot is full or the store is paused, ASAP is
// refused with the server's sentence, the next available time is named and chosen; a closed store
// names its opening only; the slots asked for are those with room for the cart's subtotal.
import { useState } from 'react';
import { act } from 'react-dom/test-utils'; // preact/test-utils in this build
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import type { ApiClient } from '../../shared/api/client.ts';
import type { StoreHoursResponse } from '../../shared/api/schemas.ts';
import { ASAP_FULL, ORDERING_PAUSED } from '../../shared/schedule.ts';
import { OrderTime } from '../../widget/checkout/order-time.tsx';

const host = document.createElement('div');
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  host.remove();
});

const open: StoreHoursResponse = {
  open_now: { pickup: true, delivery: true },
  paused: false,
  next_opening: { pickup: null, delivery: null },
  closed_message: { pickup: null, delivery: null },
  slots: {
    pickup: ['2026-11-20T19:30:00.000Z', '2026-11-20T19:45:00.000Z', '2026-11-20T20:15:00.000Z'],
    delivery: ['2026-11-20T19:45:00.000Z'],
  },
  asap_full: { pickup: false, delivery: false },
  asap_minutes: { pickup: 20, delivery: 45 },
  next_slot: { pickup: '2026-11-20T19:30:00.000Z', delivery: '2026-11-20T19:45:00.000Z' },
};

async function renderTime(answer: StoreHoursResponse, options: { subtotalCents?: number; value?: string | null } = {}) {
  const asked: unknown[] = [];
  const chosen: (string | null)[] = [];
  const api = {
    storeHours: (...args: unknown[]) => {
      asked.push(args);
      return Promise.resolve(answer);
    },
  } as unknown as ApiClient;
  function Time() {
    const [value, setValue] = useState<string | null>(options.value ?? null);
    return (
      <OrderTime
        api={api}
        deliveryType="pickup"
        catering={false}
        subtotalCents={options.subtotalCents ?? 4500}
        value={value}
        onChange={(next) => {
          chosen.push(next);
          setValue(next);
        }}
      />
    );
  }
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<Time />));
  // The answer arrives, then the first time is chosen.
  await act(async () => {
    for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { asked, chosen };
}

const notice = () => host.querySelector('.notice')?.textContent ?? null;
const asapRadio = () => host.querySelectorAll<HTMLInputElement>('input[type=radio]')[0]!;
const chosenOption = () => host.querySelector<HTMLSelectElement>('select')?.selectedOptions[0]?.textContent ?? null;

it('asks for the slots with room for the cart, and says how long ASAP takes while busy', async () => {
  const { asked } = await renderTime({ ...open, asap_minutes: { pickup: 40, delivery: 65 } }, { subtotalCents: 4500 });
  expect(asked).toEqual([[false, { fresh: true, subtotalCents: 4500 }]]);
  expect(notice()).toBeNull();
  expect(asapRadio().disabled).toBe(false);
  expect(host.textContent).toContain('About 40 minutes');
});

it('ASAP full: refused with the server’s sentence, and the next available time is named and chosen', async () => {
  const { chosen } = await renderTime({
    ...open,
    closed_message: { pickup: ASAP_FULL, delivery: null },
    asap_full: { pickup: true, delivery: false },
    slots: { ...open.slots, pickup: ['2026-11-20T19:45:00.000Z', '2026-11-20T20:00:00.000Z'] },
    next_slot: { pickup: '2026-11-20T19:45:00.000Z', delivery: '2026-11-20T19:45:00.000Z' },
  });
  expect(notice()).toBe(
    'We have as many orders as we can make for as soon as possible. Choose a later time. Next available time: Friday 11:45 AM.',
  );
  expect(asapRadio().disabled).toBe(true);
  expect(chosen).toEqual(['2026-11-20T19:45:00.000Z']);
  expect(chosenOption()).toBe('Friday 11:45 AM');
});

it('paused until tomorrow: the pause sentence and tomorrow’s first time', async () => {
  await renderTime({
    ...open,
    paused: true,
    closed_message: { pickup: ORDERING_PAUSED, delivery: ORDERING_PAUSED },
    slots: { pickup: ['2026-11-21T17:00:00.000Z'], delivery: ['2026-11-21T19:00:00.000Z'] },
    next_slot: { pickup: '2026-11-21T17:00:00.000Z', delivery: '2026-11-21T19:00:00.000Z' },
  });
  expect(notice()).toBe(
    'Online ordering is paused right now. Please try again soon. Next available time: Saturday 9:00 AM.',
  );
  expect(chosenOption()).toBe('Saturday 9:00 AM');
});

it('closed: the opening is named once, with no second sentence', async () => {
  await renderTime({
    ...open,
    open_now: { pickup: false, delivery: false },
    closed_message: {
      pickup: 'We are closed now. We open again tomorrow at 9:00 AM.',
      delivery: 'We are not delivering now. Delivery starts again tomorrow at 11:00 AM.',
    },
    slots: { pickup: ['2026-11-21T17:00:00.000Z'], delivery: ['2026-11-21T19:00:00.000Z'] },
    next_slot: { pickup: '2026-11-21T17:00:00.000Z', delivery: '2026-11-21T19:00:00.000Z' },
  });
  expect(notice()).toBe('We are closed now. We open again tomorrow at 9:00 AM.');
});

it('a chosen time that filled up gives way to the next one offered after it', async () => {
  const { chosen } = await renderTime(
    { ...open, slots: { ...open.slots, pickup: ['2026-11-20T19:30:00.000Z', '2026-11-20T20:15:00.000Z'] } },
    { value: '2026-11-20T19:45:00.000Z' },
  );
  expect(chosen).toEqual(['2026-11-20T20:15:00.000Z']);
  expect(chosenOption()).toBe('Friday 12:15 PM');
});
