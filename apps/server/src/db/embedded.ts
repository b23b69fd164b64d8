/**
 * Opening the embedded database: its data directory's lock, a first start's data directory, then PGlite on a thread of
 * its own or on the caller's. Apart from client.ts (Drizzle, pg and the schema), so the server's entry starts it before
 * it loads the rest of the server, and both go on at once (docs/decisions/platform.md, "A restart under 3 s on the
 * embedded database").
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { takePidLock } from '../lib/pid-lock';
import { PgliteThread, prepareDataDir, type EmbeddedPglite } from './pglite-thread';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface EmbeddedOptions {
  /** PGlite data directory; undefined means in memory */
  dataDir?: string;
  /** a PGlite data dir dump to start from (tests clone a migrated template) */
  loadDataDir?: Blob | File;
  /** PGlite's buffer cache (PostgreSQL `shared_buffers`, e.g. `16MB`); the default is `PGLITE_SHARED_BUFFERS`'s */
  sharedBuffers?: string;
  /**
   * PGlite on a thread of its own (the server's default, `EMBEDDED_DB_THREAD`) rather than on the caller's: its work
   * never holds the event loop (docs/decisions/platform.md, "The embedded database on its own thread")
   */
  thread?: boolean;
  /** with `thread`: a Unix socket answering one-statement queries for local tools (EMBEDDED_DB_SOCKET) */
  socketPath?: string;
}

/** an open embedded database; `unlock` frees its data directory once it is closed */
export interface OpenedEmbedded {
  lite: EmbeddedPglite;
  unlock: () => void;
}

export class DataDirLockedError extends Error {}

export async function openEmbedded(opts: EmbeddedOptions): Promise<OpenedEmbedded> {
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => undefined;
  try {
    if (opts.thread && opts.dataDir && !opts.loadDataDir && !existsSync(join(opts.dataDir, 'PG_VERSION')))
      // a first start: initdb and the migrations run in a process that then ends, taking their memory with it (about
      // 50 MB; docs/decisions/platform.md "The embedded database on its own thread"); the server opens the result
      await prepareDataDir(opts.dataDir, opts.sharedBuffers, MIGRATIONS_DIR);
    const lite = opts.thread
      ? await PgliteThread.open({
          dataDir: opts.dataDir,
          loadDataDir: opts.loadDataDir,
          sharedBuffers: opts.sharedBuffers,
          socketPath: opts.socketPath,
        })
      : await openOnThisThread(opts);
    return { lite, unlock };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * PGlite on the caller's thread, its module loaded only here (the thread's entry loads its own): the server's entry
 * starts the thread without loading it
 */
async function openOnThisThread(opts: EmbeddedOptions): Promise<EmbeddedPglite> {
  const [{ PGlite }, { pgliteStartParams }] = await Promise.all([import('@electric-sql/pglite'), import('./pglite-params')]);
  return PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, startParams: pgliteStartParams(opts.sharedBuffers) });
}

/**
 * The embedded database belongs to one process: a second server on the same data directory would corrupt it.
 * A lock file holds the owner's pid; a lock left by a dead process (a crash, SIGKILL) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = takePidLock(`${dataDir}.lock`);
  if ('heldBy' in lock)
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is in use by process ${lock.heldBy}. Stop it first, or use another DATA_DIR.`,
    );
  return lock.release;
}
