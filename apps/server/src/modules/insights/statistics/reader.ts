/**
 * Where statistics queries run: the read replica of `DATABASE_READ_URL` when set (PostgreSQL only; one pool per URL
 * for the process), else the main database; on PostgreSQL each in a read-only transaction of its own with
 * `QUERY_SETTINGS`. Only the statistics service reads through it.
 */
import pg from 'pg';
import type { Ctx } from '../../../http/context';

export interface Reader {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const pools = new Map<string, pg.Pool>();

/**
 * The settings of one statistics query on PostgreSQL (docs/decisions/insights.md "The sub1 ranking"): no JIT — on the
 * roll-ups' large plans it spent 0.4–1.3 s compiling and saved nothing — and memory enough to rank ~100k groups
 * without spilling to disk. Local to the query's own transaction, so the pool's other work keeps the defaults.
 */
export const QUERY_SETTINGS = `BEGIN READ ONLY; SET LOCAL jit = off; SET LOCAL work_mem = '64MB'`;

function settledReader(pool: pg.Pool): Reader {
  return {
    async query(text, params) {
      const client = await pool.connect();
      try {
        await client.query(QUERY_SETTINGS);
        const result = await client.query(text, params as unknown[]);
        await client.query('COMMIT');
        return result as never;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

export function statisticsReader(ctx: Pick<Ctx, 'config' | 'database'>): Reader {
  const url = ctx.config.DATABASE_READ_URL;
  if (ctx.database.kind !== 'postgres' || !ctx.database.pool) return { query: (text, params) => ctx.database.query(text, params) };
  if (!url) return settledReader(ctx.database.pool);
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on('error', () => undefined); // idle client errors are reported on the next query
    pools.set(url, pool);
  }
  return settledReader(pool);
}

/** closes the replica pools (at shutdown) */
export async function closeStatisticsReaders(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.end()));
}
