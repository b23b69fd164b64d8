/**
 * Where statistics queries run: the read replica of `DATABASE_READ_URL` when set (PostgreSQL only; one pool per URL
 * for the process), else the main database. Only the statistics service reads through it.
 */
import pg from 'pg';
import type { Ctx } from '../../../http/context';

export interface Reader {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const pools = new Map<string, pg.Pool>();

export function statisticsReader(ctx: Pick<Ctx, 'config' | 'database'>): Reader {
  const url = ctx.config.DATABASE_READ_URL;
  if (!url || ctx.database.kind !== 'postgres') return { query: (text, params) => ctx.database.query(text, params) };
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on('error', () => undefined); // idle client errors are reported on the next query
    pools.set(url, pool);
  }
  const p = pool;
  return { query: (text, params) => p.query(text, params as unknown[]) as never };
}

/** closes the replica pools (at shutdown) */
export async function closeStatisticsReaders(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.end()));
}
