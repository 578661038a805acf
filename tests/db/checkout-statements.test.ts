// What a checkout asks of the database. While the process listens, the menu, the owner's live
// settings and the store's switches are kept in memory, and a guest's create-order sends seven
// statements: the menu's and the settings' versions with the store's switches (so what another
// app instance committed counts at once: db/committed-now.ts), the address's order count read
// with its card declines, a first look at the slot before the payment is made, then begin, the
// slot's lock, the order (its lines, status and payment with the slot's count) and commit. A
// switch or a setting changed through another app instance on the same database reaches this one
// without a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERING_PAUSED } from '../../shared/schedule.ts';
import { createDependencies } from '../../server/compose.ts';
import { readConfig } from '../../server/config.ts';
import { listeningSession } from '../../server/db/notifications.ts';
import { changeStore } from '../../server/services/store-switches.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';
import { addTestItems } from '../support/menu-fixtures.ts';
import { waitFor } from '../support/wait-for.ts';

describe.each(databaseTargets)('a checkout on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles.
  const now = new Date('2026-11-20T19:00:00Z');
  let address = 0;

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    await addTestItems(api, [{ id: 'counted-item', name: 'Agua de Jamaica', priceCents: 450 }]);
  });
  afterAll(() => api?.close());

  const order = () =>
    api.call(
      'POST',
      '/api/create-order/',
      {
        cart_items: [{ menu_item_id: 'counted-item', quantity: 2, modifiers: [] }],
        name: 'Lupe',
        email: 'lupe@example.com',
        phone: '2135550123',
        delivery_type: 'pickup',
      },
      { 'X-Forwarded-For': `203.0.113.${++address}` },
    );

  it('sends seven statements for a guest order once the menu, settings and switches are in memory', async () => {
    await listeningSession(api.deps.db);
    // Announcements of the set-up's own changes may still be on their way; each one makes the next
    // checkout read that table again, once.
    const statementsOfOneOrder = async () => {
      const before = api.deps.db.statements!();
      const placed = await order();
      expect(placed.status, await placed.clone().text()).toBe(201);
      return api.deps.db.statements!() - before;
    };
    let sent = 0;
    await waitFor(async () => (sent = await statementsOfOneOrder()) <= 7, { what: 'a checkout of seven statements' });
    expect(sent).toBe(7);
  });

  it('refuses ASAP orders as soon as the store is paused, and takes them again once it resumes', async () => {
    const deps = { db: api.deps.db, clock: () => now };
    await changeStore(deps, { paused: true });
    try {
      const refused = await order();
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { message: string }).message).toBe(ORDERING_PAUSED);
    } finally {
      await changeStore(deps, { paused: false });
    }
    expect((await order()).status).toBe(201);
  });

  if (target.name === 'postgres') {
    it('hears a pause switched through another app instance on the same database', async () => {
      const otherDb = await api.fresh.reopen();
      const other = await createDependencies(otherDb, readConfig({ DIST_DIR: 'dist', TRUST_PROXY: '1' }), {
        clock: () => now,
      });
      try {
        expect((await order()).status).toBe(201);
        await changeStore(other, { paused: true });
        await waitFor(async () => (await order()).status === 422, { what: 'the pause on this instance' });
        await changeStore(other, { paused: false });
        await waitFor(async () => (await order()).status === 201, { what: 'the resume on this instance' });
      } finally {
        await otherDb.close();
      }
    });
  }
});
