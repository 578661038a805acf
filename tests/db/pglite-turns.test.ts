// PGlite runs statements on the server's own thread. The statements waiting for it take turns
// with the event loop let through between two (db/database.ts), so what else the process has to
// do (accepting a customer's connection, answering a request that needs no database) is not held
// up until every waiting statement has run.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDatabase, type Database } from '../../server/db/database.ts';

describe('statements on PGlite', () => {
  let instance: PGlite;
  let db: Database;
  beforeAll(async () => {
    instance = await PGlite.create();
    db = pgliteDatabase(instance);
  });
  afterAll(() => instance?.close());

  it('let the event loop through between two of twenty statements asked for at once', async () => {
    const happened: string[] = [];
    const statements = Array.from({ length: 20 }, (_, n) =>
      db.query('select $1::int as n', [n]).then(() => {
        happened.push(`statement ${n}`);
        // Something else the process has to do, asked for once the first statement has run.
        if (n === 0) setImmediate(() => happened.push('event loop'));
      }),
    );
    await Promise.all(statements);
    // It comes after the first statement or the second, not after all twenty.
    expect(happened.indexOf('event loop')).toBeGreaterThan(0);
    expect(happened.indexOf('event loop')).toBeLessThan(3);
  });

  it('run in the order they were asked for, a transaction as one turn, past a statement that fails', async () => {
    const happened: number[] = [];
    const failing = db.query('select 1/0').catch(() => happened.push(-1));
    const work = [
      db.query('select 1').then(() => happened.push(1)),
      db.transaction(async (tx) => {
        await tx.query('select 2');
        await tx.query('select 3');
        happened.push(2);
      }),
      db.exec('select 4').then(() => happened.push(3)),
    ];
    await Promise.all([failing, ...work]);
    expect(happened).toEqual([-1, 1, 2, 3]);
  });
});
