/**
 * The embedded database on its own thread, seen from the request thread (docs/decisions/platform.md, "The embedded
 * database on its own thread"). `PgliteThread` answers the part of PGlite's interface the app uses (`query`, `exec`,
 * `transaction`, `listen`, `dumpDataDir`, `close`), so Drizzle's PGlite driver, pg-boss's PGlite adapter and the
 * statistics snapshot use it as they would use PGlite; each call is a message to pglite-worker.ts and its answer.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { CopyData } from './copy-data';

/** what the worker is started with */
export interface ThreadInit {
  dataDir?: string;
  /** a data directory dump to start from (the tests' template) */
  loadDataDir?: ArrayBuffer;
  sharedBuffers?: string;
  /** a Unix socket answering one-statement queries (EMBEDDED_DB_SOCKET) */
  socketPath?: string;
}

type RowMode = 'array' | 'object';
export type ThreadRequest =
  | {
      op: 'query';
      id: number;
      sql: string;
      params?: unknown[];
      rowMode?: RowMode;
      raw?: number[];
      paramTypes?: number[];
      /** what `COPY … FROM '/dev/blob'` reads: a Blob crosses threads as it is */
      blob?: Blob;
      /** … or a CopyData's bytes, transferred (copy-data.ts) */
      copy?: ArrayBuffer;
      tx?: number;
    }
  | { op: 'exec'; id: number; sql: string; rowMode?: RowMode; raw?: number[]; tx?: number }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'rollback'; id: number; tx: number }
  | { op: 'listen' | 'unlisten'; id: number; channel: string }
  | { op: 'dump'; id: number; compression?: 'gzip' | 'none' | 'auto' }
  | { op: 'close'; id: number };

/** a request before its id is given */
type Unsent = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

export interface WireError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

export type ThreadReply =
  | { op: 'ready' }
  | { op: 'failed'; error: WireError }
  | { op: 'result'; id: number; result: unknown }
  | { op: 'error'; id: number; error: WireError }
  | { op: 'notify'; channel: string; payload: string };

/** the part of PGlite the app uses, on the request thread or on its own */
export type EmbeddedPglite = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'dumpDataDir' | 'close' | 'closed'>;

/** the error the worker sent, as PGlite threw it: message, name and its fields (`code`, `constraint`, `detail` …) */
function fromWire(e: WireError): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  err.name = e.name;
  return err;
}

/**
 * A parameter as PGlite would serialise it on this thread. Structured cloning turns an object of a class (a Decimal, a
 * luxon DateTime) into a plain object, which PGlite would then write as JSON: such values go as their text.
 */
function wireParam(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(wireParam);
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === Object.prototype || proto === null ? value : String(value);
}

/** the parsers a caller gave run here (functions do not cross threads); the worker left those types as text */
function parse<T>(result: Results<T>, parsers: QueryOptions['parsers']): Results<T> {
  if (!parsers) return result;
  const at = result.fields.map((f, i) => ({ i, name: f.name, parser: parsers[f.dataTypeID] })).filter((f) => f.parser);
  if (!at.length) return result;
  for (const row of result.rows as Record<string | number, unknown>[])
    for (const f of at) {
      const key = Array.isArray(row) ? f.i : f.name;
      const value = row[key];
      if (typeof value === 'string') row[key] = f.parser!(value);
    }
  return result;
}

function wireOptions(options: QueryOptions | undefined): {
  rowMode?: RowMode;
  raw?: number[];
  paramTypes?: number[];
  blob?: Blob;
  copy?: ArrayBuffer;
} {
  if (options?.serializers || options?.onNotice)
    throw new Error('the embedded database thread takes rowMode, parsers, paramTypes and blob as query options');
  const blob: unknown = options?.blob;
  return {
    rowMode: options?.rowMode,
    raw: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    paramTypes: options?.paramTypes,
    ...(blob instanceof CopyData ? { copy: blob.bytes } : { blob: options?.blob }),
  };
}

/** an entry of the server's build beside main.js (`pglite-worker`, `pglite-prepare`), when running the build */
function built(name: string): URL | undefined {
  const compiled = new URL(`./${name}.js`, import.meta.url);
  return import.meta.url.endsWith('.js') && existsSync(compiled) ? compiled : undefined;
}

/**
 * Makes a first start's data directory in a child process that then ends (pglite-prepare.ts): initdb and the migrations
 * leave about 50 MB in the process that ran them, which a thread's end does not give back.
 */
export async function prepareDataDir(dataDir: string, sharedBuffers: string | undefined, migrationsFolder: string): Promise<void> {
  const compiled = built('pglite-prepare');
  const args = compiled
    ? [fileURLToPath(compiled)]
    : [
        '--import',
        pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
        fileURLToPath(new URL('./pglite-prepare.ts', import.meta.url)),
      ];
  const child = spawn(process.execPath, [...args, dataDir, migrationsFolder, ...(sharedBuffers ? [sharedBuffers] : [])], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (code !== 0) throw new Error(`creating the embedded database in ${dataDir} failed (${signal ?? `exit code ${code}`})`);
}

/**
 * The worker: its compiled bundle beside main.js, or (under tsx and vitest, running the sources) its TypeScript source
 * loaded through tsx's API, tsx being a development dependency.
 */
function newWorker(options: WorkerOptions): Worker {
  const compiled = built('pglite-worker');
  if (compiled) return new Worker(compiled, options);
  // tsx's ES module API, by the path its package exports it under
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('tsx/package.json');
  const exported = (require(pkg) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default;
  const api = pathToFileURL(join(dirname(pkg), exported)).href;
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const load = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(load, { ...options, eval: true });
}

function startWorker(init: ThreadInit, transfer: ArrayBuffer[]): Promise<Worker> {
  const worker = newWorker({ workerData: init, transferList: transfer });
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`the embedded database thread stopped (exit code ${code}) before it was ready`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (m: ThreadReply) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (m.op === 'ready') resolve(worker);
      else {
        void worker.terminate();
        reject(m.op === 'failed' ? fromWire(m.error) : new Error(`unexpected first message ${m.op}`));
      }
    });
  });
}

export interface PgliteThreadOptions extends Omit<ThreadInit, 'loadDataDir'> {
  loadDataDir?: Blob;
  /** the thread died (not closed): the default ends the process, whose supervisor starts it again */
  onCrash?: (err: Error) => void;
}

export class PgliteThread implements EmbeddedPglite {
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private ended: Error | undefined;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    onCrash: (err: Error) => void,
  ) {
    worker.on('message', (m: ThreadReply) => this.onMessage(m));
    const stop = (err: Error) => {
      if (this.ended) return;
      this.ended = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      if (!this.closing) onCrash(err);
    };
    worker.on('error', (err) => stop(err));
    worker.on('exit', (code) => stop(new Error(`the embedded database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in it. */
  static async open(opts: PgliteThreadOptions): Promise<PgliteThread> {
    const { loadDataDir, onCrash, ...init } = opts;
    const dump = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    const worker = await startWorker({ ...init, loadDataDir: dump }, dump ? [dump] : []);
    return new PgliteThread(
      worker,
      onCrash ??
        ((err) => {
          console.error(`${err.message}: the server stops`);
          process.exit(1);
        }),
    );
  }

  get closed(): boolean {
    return this.closing || !!this.ended;
  }

  private onMessage(m: ThreadReply) {
    if (m.op === 'notify') {
      for (const listener of this.listeners.get(m.channel) ?? []) listener(m.payload);
      return;
    }
    if (m.op !== 'result' && m.op !== 'error') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.op === 'result') p.resolve(m.result);
    else p.reject(fromWire(m.error));
  }

  /** one request, its answer (`transfer`: buffers moved to the thread, no longer usable here) */
  call<T>(request: Unsent, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closing && request.op !== 'close') return Promise.reject(new Error('PGlite is closed'));
    if (this.ended) return Promise.reject(this.ended);
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const wired = wireOptions(options);
    const result = await this.call<Results<T>>(
      { op: 'query', sql, params: params?.map(wireParam), ...wired, tx },
      wired.copy ? [wired.copy] : [],
    );
    return parse(result, options?.parsers);
  }

  async exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    const { rowMode, raw } = wireOptions({ ...options, blob: undefined });
    const results = await this.call<Results[]>({ op: 'exec', sql, rowMode, raw, tx });
    return results.map((r) => parse(r, options?.parsers));
  }

  /** PGlite's transaction: the worker holds it open (and every other statement waits, as on PGlite) until `fn` ends */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => (check(), this.query<R>(sql, params, options, id)),
      exec: async (sql: string, options?: QueryOptions) => (check(), this.exec(sql, options, id)),
      sql: () => Promise.reject(new Error('tagged-template queries are not sent to the embedded database thread')),
      rollback: async () => {
        check();
        await this.call({ op: 'rollback', tx: id });
        closed = true;
      },
      listen: () => Promise.reject(new Error('listen inside a transaction is not sent to the embedded database thread')),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    const commit = !closed;
    closed = true;
    await this.call({ op: 'end', tx: id, commit });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  async dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<File> {
    const data = await this.call<ArrayBuffer>({ op: 'dump', compression });
    return new File([new Uint8Array(data)], compression === 'none' ? 'pgdata.tar' : 'pgdata.tgz');
  }

  async close(): Promise<void> {
    if (this.closing || this.ended) return;
    this.closing = true;
    await this.call({ op: 'close' });
    await new Promise((resolve) => {
      this.worker.once('exit', resolve);
      setTimeout(() => void this.worker.terminate(), 5000).unref();
    });
  }
}
