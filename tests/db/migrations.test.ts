import { copyFile, mkdtemp, readdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import { databaseTargets, type FreshDatabase } from '../support/databases.ts';

describe.each(databaseTargets)('migrations on $name', (target) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await target.create();
  });
  afterAll(async () => {
    await fresh?.destroy();
  });

  it('applies every migration file once, in order', async () => {
    const applied = await migrate(fresh.db);
    expect(applied[0]).toBe('0001_menu');
    expect(applied).toEqual([...applied].sort());
    expect(await migrate(fresh.db)).toEqual([]);
    const rows = await fresh.db.query<{ version: string }>('select version from schema_migrations order by version');
    expect(rows.map((r) => r.version)).toEqual(applied);
  });

  it('the menu tables refuse a modifier group whose minimum exceeds its maximum', async () => {
    await expect(
      fresh.db.query(`insert into modifier_groups (id, name, min_required, max_allowed) values ('g', 'Protein', 2, 1)`),
    ).rejects.toThrow(/check constraint/);
  });

  it('rolls a failing migration back whole and applies nothing of it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'comal-migrations-'));
    try {
      await writeFile(path.join(dir, '0001_menu.sql'), 'select 1');
      await writeFile(
        path.join(dir, '9001_broken.sql'),
        'create table half_done (id int); select * from no_such_table;',
      );
      await expect(migrate(fresh.db, dir)).rejects.toThrow(/no_such_table/);
      const tables = await fresh.db.query(`select 1 from information_schema.tables where table_name = 'half_done'`);
      expect(tables).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('0023_pace gives the scheduled orders already placed their slot, so they count against it', async () => {
    const other = await target.create();
    const dir = await mkdtemp(path.join(tmpdir(), 'comal-migrations-'));
    try {
      for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name < '0023')) {
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
      }
      await migrate(other.db, dir);
      const columns = `id, status, name, email, phone, delivery_type, subtotal_cents, promo_discount_cents, tax_cents,
        delivery_fee_cents, delivery_charge_cents, tip_cents, total_cents, scheduled_for`;
      await other.db.query(
        `insert into orders (${columns}) values
           ('ord_later', 'paid', 'Ana', 'ana@example.com', '+12135550199', 'pickup', 1500, 0, 146, 0, 0, 0, 1646, '2026-11-20T21:15:00Z'),
           ('ord_asap', 'paid', 'Ana', 'ana@example.com', '+12135550199', 'pickup', 1500, 0, 146, 0, 0, 0, 1646, null)`,
      );
      expect(await migrate(other.db)).toContain('0023_pace');
      const rows = await other.db.query<{ id: string; slot_at: Date | null }>(
        'select id, slot_at from orders order by id',
      );
      expect(rows.map((row) => [row.id, row.slot_at?.toISOString() ?? null])).toEqual([
        ['ord_asap', null],
        ['ord_later', '2026-11-20T21:15:00.000Z'],
      ]);
      const [status] = await other.db.query('select paused, paused_until, busy_minutes, auto_accept from store_status');
      expect(status).toEqual({ paused: false, paused_until: null, busy_minutes: 0, auto_accept: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
      await other.destroy();
    }
  });

  it('0024_refunds turns a free-text cancel reason into "other" with its words, and records the old refund', async () => {
    const other = await target.create();
    const dir = await mkdtemp(path.join(tmpdir(), 'comal-migrations-'));
    try {
      for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name < '0024')) {
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
      }
      await migrate(other.db, dir);
      await other.db.query(
        `insert into orders (id, status, name, email, phone, delivery_type, subtotal_cents, promo_discount_cents,
           tax_cents, delivery_fee_cents, delivery_charge_cents, tip_cents, total_cents, points_earned, cancel_reason)
         values ('ord_old', 'cancelled', 'Ana', 'ana@example.com', '+12135550199', 'pickup', 1500, 0, 146, 0, 0, 0, 1646, 15, 'Out of masa'),
                ('ord_open', 'paid', 'Ana', 'ana@example.com', '+12135550199', 'pickup', 1500, 0, 146, 0, 0, 0, 1646, 15, null)`,
      );
      await other.db.query(
        `insert into payments (id, order_id, provider, provider_reference, client_secret, amount_cents, status)
         values ('pay_old', 'ord_old', 'stripe', 'pi_old', 'pi_old_secret', 1646, 'refunded'),
                ('pay_open', 'ord_open', 'stripe', 'pi_open', 'pi_open_secret', 1646, 'succeeded')`,
      );
      await other.db.query(
        `insert into order_events (order_id, kind, status, payload) values ('ord_old', 'cancelled', 'cancelled', '{"by": "cook@comal.example"}')`,
      );
      await other.db.query(
        `insert into loyalty_ledger (order_id, phone, points, kind) values
           ('ord_old', '+12135550199', 15, 'earned'), ('ord_old', '+12135550199', -15, 'reversed'),
           ('ord_open', '+12135550199', 15, 'earned')`,
      );
      expect(await migrate(other.db)).toContain('0024_refunds');
      expect(await other.db.query('select id, cancel_reason, cancel_note from orders order by id')).toEqual([
        { id: 'ord_old', cancel_reason: 'other', cancel_note: 'Out of masa' },
        { id: 'ord_open', cancel_reason: null, cancel_note: null },
      ]);
      expect(
        await other.db.query(
          'select id, order_id, amount_cents, reason, note, whole_order, status, by, points_reversed from refunds',
        ),
      ).toEqual([
        {
          id: 'rf_ord_old',
          order_id: 'ord_old',
          amount_cents: 1646,
          reason: 'other',
          note: 'Out of masa',
          whole_order: true,
          status: 'succeeded',
          by: 'cook@comal.example',
          points_reversed: 15,
        },
      ]);
      // A refund of part of the open order may take back part of its points: one entry per refund.
      await other.db.query(
        `insert into refunds (id, order_id, amount_cents, reason, by) values ('rf_part', 'ord_open', 500, 'out_of_stock', 'cook@comal.example')`,
      );
      await other.db.query(
        `insert into loyalty_ledger (order_id, phone, points, kind, refund_id) values ('ord_open', '+12135550199', -5, 'reversed', 'rf_part')`,
      );
      await expect(
        other.db.query(
          `insert into loyalty_ledger (order_id, phone, points, kind, refund_id) values ('ord_open', '+12135550199', -5, 'reversed', 'rf_part')`,
        ),
      ).rejects.toThrow(/duplicate key/);
      await expect(
        other.db.query(`update orders set cancel_reason = 'Too late' where id = 'ord_open'`),
      ).rejects.toThrow(/check constraint/);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await other.destroy();
    }
  });

  it('keeps the data across a restart', async () => {
    await fresh.db.query(`insert into menu_categories (id, name) values ('tacos', 'Tacos')`);
    await fresh.db.close();
    const reopened = await fresh.reopen();
    expect(await migrate(reopened)).toEqual([]);
    expect(await reopened.query('select name from menu_categories')).toEqual([{ name: 'Tacos' }]);
  });
});
