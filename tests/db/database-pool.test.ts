// DATABASE_POOL_SIZE: how many connections one server process keeps to PostgreSQL. Checked at
// start with its own sentence; on PostgreSQL (DATABASE_URL) the pool never opens more than it says.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { DEFAULT_POOL_SIZE, openDatabase } from '../../server/db/database.ts';

const POSTGRES_URL = process.env.DATABASE_URL;
const env = (pool: string | undefined) => ({ PUBLIC_ORIGIN: 'https://order.example.com', DATABASE_POOL_SIZE: pool });

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 connections when unset or empty, and takes a whole number from 1 to 100', () => {
    expect(DEFAULT_POOL_SIZE).toBe(10);
    expect(readConfig(env(undefined)).databasePoolSize).toBe(10);
    expect(readConfig(env(' ')).databasePoolSize).toBe(10);
    expect(readConfig(env('1')).databasePoolSize).toBe(1);
    expect(readConfig(env(' 40 ')).databasePoolSize).toBe(40);
    expect(readConfig(env('100')).databasePoolSize).toBe(100);
  });

  it.each(['0', '101', '-3', '2.5', 'ten', '1e2', '0x10'])('stops the start on "%s", saying what it takes', (value) => {
    expect(() => readConfig(env(value))).toThrow(
      `DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100, not "${value}".`,
    );
  });

  it.skipIf(!POSTGRES_URL)('on PostgreSQL, 12 queries at once share the 3 connections of a pool of 3', async () => {
    const db = await openDatabase({ databaseUrl: POSTGRES_URL, poolSize: 3 });
    try {
      const rows = await Promise.all(
        Array.from({ length: 12 }, () =>
          db.query<{ pid: number }>('select pg_backend_pid() as pid from (select pg_sleep(0.05)) as waited'),
        ),
      );
      expect(new Set(rows.map(([row]) => row!.pid)).size).toBe(3);
    } finally {
      await db.close();
    }
  });
});
