/**
 * Where statistics queries run (reader.ts): on PostgreSQL each query in a read-only transaction of its own, without
 * JIT and with the larger work memory, on the main database or on the replica of DATABASE_READ_URL; a failed query
 * gives its connection back clean. On the embedded database, straight through it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { closeStatisticsReaders, statisticsReader } from './reader';

const t = await useApp();
const onPostgres = t.database.kind === 'postgres';
afterAll(() => closeStatisticsReaders());

const settings = async (readUrl?: string) => {
  const reader = statisticsReader({ config: { ...t.config, DATABASE_READ_URL: readUrl }, database: t.database });
  const { rows } = await reader.query<{ jit: string; work_mem: string; read_only: string }>(
    `SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem, current_setting('transaction_read_only') AS read_only`,
  );
  return rows[0];
};

describe.runIf(onPostgres)('statistics reader on PostgreSQL', () => {
  it('runs a query read-only, without JIT, with 64 MB of work memory, on the main database', async () => {
    expect(await settings()).toEqual({ jit: 'off', work_mem: '64MB', read_only: 'on' });
    // the pool's other work keeps the defaults
    const { rows } = await t.database.query<{ jit: string }>(`SELECT current_setting('jit') AS jit`);
    expect(rows[0].jit).not.toBe('off');
  });

  it('does the same on the replica of DATABASE_READ_URL', async () => {
    expect(await settings(process.env.DATABASE_URL)).toEqual({ jit: 'off', work_mem: '64MB', read_only: 'on' });
  });

  it('refuses a write and gives its connection back clean', async () => {
    const reader = statisticsReader(t);
    await expect(reader.query('CREATE TABLE stats_reader_probe (id int)')).rejects.toThrow(/read-only/);
    const pool = t.database.pool!;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await settings()).toEqual({ jit: 'off', work_mem: '64MB', read_only: 'on' });
  });
});

describe.runIf(!onPostgres)('statistics reader on the embedded database', () => {
  it('answers through the database itself', async () => {
    const { rows } = await statisticsReader(t).query<{ one: number }>('SELECT 1 AS one');
    expect(Number(rows[0].one)).toBe(1);
  });
});
