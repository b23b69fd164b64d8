/**
 * One Drizzle schema on two drivers: node-postgres when DATABASE_URL is set, embedded PGlite otherwise.
 * Migrations (drizzle-kit SQL) are applied at start.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR, openEmbedded, type EmbeddedOptions, type OpenedEmbedded } from './embedded';
import type { EmbeddedPglite } from './pglite-thread';
import * as schema from './schema';

export { DataDirLockedError, MIGRATIONS_DIR } from './embedded';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** a database handle or an open transaction: services accept either */
export type DbOrTx = Db | Tx;

/** the rows of a Drizzle `db.execute` answer (node-postgres and PGlite both answer `{ rows }`) */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /**
   * raw SQL for the hot paths (architecture §2: the click writer sends COPY through the driver). A `name`
   * makes it a prepared statement of each PostgreSQL connection (parsed and planned once; the text must not change).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<{ rows: T[] }>;
  /** the embedded database (pg-boss runs on it): PGlite itself, or its own thread answering for it */
  pglite?: EmbeddedPglite;
  pool?: pg.Pool;
  /**
   * LISTEN on a channel: `onMessage` gets each payload. On PostgreSQL a dedicated connection listens and reconnects
   * after a failure (calling `onReconnect`, since notifications may have been missed meanwhile). Answers the unlisten.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions extends EmbeddedOptions {
  url?: string;
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
      query: async (text, params, name) =>
        (name ? pool.query({ name, text, values: params as unknown[] }) : pool.query(text, params as unknown[])) as never,
      listen: (channel, onMessage, onReconnect) => listenPg(opts.url!, channel, onMessage, onReconnect),
      close: () => pool.end(),
    };
  }
  return embeddedDatabase(await openEmbedded(opts));
}

/** the Database of an opened embedded PGlite (on this thread or its own: db/embedded.ts) */
export function embeddedDatabase({ lite, unlock }: OpenedEmbedded): Database {
  const db = drizzleLite(lite as PGlite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: lite,
    query: async (text, params) => lite.query(text, params as unknown[]) as never,
    listen: async (channel, onMessage) => {
      const unlisten = await lite.listen(channel, onMessage);
      return async () => {
        if (!lite.closed) await unlisten();
      };
    },
    close: async () => {
      await lite.close();
      unlock();
    },
  };
}

/** A LISTEN connection that comes back after a failure (1 s, 2 s … 30 s), telling the caller it may have missed messages. */
async function listenPg(url: string, channel: string, onMessage: (payload: string) => void, onReconnect?: () => void) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 1000;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (stopped) return;
      client = undefined;
      setTimeout(() => void retry(), delay).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
    delay = 1000;
  };
  const retry = async () => {
    if (stopped) return;
    try {
      await connect();
      onReconnect?.();
    } catch {
      delay = Math.min(delay * 2, 30_000);
      setTimeout(() => void retry(), delay).unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/** applies the migrations not yet applied (`folder`: another copy of them, e.g. a test's history cut at one migration) */
export async function migrateDatabase(database: Database, folder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder: folder });
  else await migrateLite(database.db as never, { migrationsFolder: folder });
}
