/**
 * One Drizzle schema on two drivers: node-postgres when DATABASE_URL is set, embedded PGlite otherwise.
 * Migrations (drizzle-kit SQL) are applied at start.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** a database handle or an open transaction: services accept either */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /** raw SQL for the hot paths (ARCHITECTURE §2: the click writer uses unnest arrays through the driver) */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** the PGlite instance in embedded mode (pg-boss runs on it) */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url?: string;
  /** PGlite data directory; undefined means in memory */
  dataDir?: string;
  /** a PGlite data dir dump to start from (tests clone a migrated template) */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    pool.on('error', () => undefined); // idle client errors are reported on the next query
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      query: async (text, params) => pool.query(text, params as unknown[]) as never,
      close: () => pool.end(),
    };
  }
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => undefined;
  const lite = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzleLite(lite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: lite,
    query: async (text, params) => lite.query(text, params as unknown[]) as never,
    close: async () => {
      await lite.close();
      unlock();
    },
  };
}

export class DataDirLockedError extends Error {}

/**
 * The embedded database belongs to one process: a second server on the same data directory would corrupt it.
 * A lock file holds the owner's pid; a lock left by a dead process (a crash, SIGKILL) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = `${dataDir}.lock`;
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(`The embedded database in ${dataDir} is in use by process ${pid}. Stop it first, or use another DATA_DIR.`);
    }
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  else await migrateLite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
}
