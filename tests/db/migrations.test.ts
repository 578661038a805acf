import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
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

  it('keeps the data across a restart', async () => {
    await fresh.db.query(`insert into menu_categories (id, name) values ('tacos', 'Tacos')`);
    await fresh.db.close();
    const reopened = await fresh.reopen();
    expect(await migrate(reopened)).toEqual([]);
    expect(await reopened.query('select name from menu_categories')).toEqual([{ name: 'Tacos' }]);
  });
});
