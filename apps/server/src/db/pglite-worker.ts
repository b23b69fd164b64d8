/**
 * The embedded database's own thread (docs/decisions/platform.md, "The embedded database on its own thread"): PGlite runs
 * here, so PostgreSQL's work (parsing, planning, executing, writing the data directory) never holds the event loop
 * that answers HTTP. The request thread talks to it through `PgliteThread` (pglite-thread.ts) with the messages of
 * `ThreadRequest` / `ThreadReply`; each call is one PGlite call here, so PGlite's own locks order them as they do on
 * the request thread. With `socketPath` it also answers one-statement queries on a local socket (`EMBEDDED_DB_SOCKET`:
 * the bench, or an operator's script, reading the running server's database).
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { CopyData } from './copy-data';
import { deferWasmTierUp, pgliteStartParams } from './pglite-params';
import type { ThreadInit, ThreadReply, ThreadRequest, WireError } from './pglite-thread';

const port = parentPort!;
const init = workerData as ThreadInit;

const reply = (message: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** a PGlite error as data: structured cloning keeps only an Error's message, so its fields (code, constraint …) are copied */
export function wireError(err: unknown): WireError {
  const e = err as Record<string, unknown>;
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(e ?? {}))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  return { message: err instanceof Error ? err.message : String(err), name: err instanceof Error ? err.name : 'Error', fields };
}

/** the parsers the caller keeps for itself: those types come back as PostgreSQL's text */
function options(rowMode: 'array' | 'object' | undefined, raw: number[] | undefined, paramTypes?: number[], blob?: Blob): QueryOptions {
  const parsers = raw ? Object.fromEntries(raw.map((oid) => [oid, (value: string) => value])) : undefined;
  return { rowMode, parsers, paramTypes, blob };
}

async function main() {
  deferWasmTierUp();
  let lite: PGlite;
  try {
    lite = await PGlite.create({
      dataDir: init.dataDir,
      loadDataDir: init.loadDataDir ? new Blob([init.loadDataDir]) : undefined,
      startParams: pgliteStartParams(init.sharedBuffers),
    });
  } catch (err) {
    reply({ op: 'failed', error: wireError(err) });
    return;
  }
  /** open transactions: the PGlite transaction waits for its end while the request thread sends its statements */
  const open = new Map<number, { tx: Transaction; end: (commit: boolean, id: number) => void }>();
  let txSeq = 0;
  const unlisten = new Map<string, () => Promise<void>>();
  const socket = init.socketPath ? await serveSocket(lite, init.socketPath) : undefined;

  const target = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return lite;
    const found = open.get(tx);
    if (!found) throw new Error('Transaction is closed');
    return found.tx;
  };

  const begin = (id: number) => {
    const txId = ++txSeq;
    let started = false;
    let endId = id;
    lite
      .transaction(async (tx) => {
        started = true;
        const ended = new Promise<boolean>((resolve) =>
          open.set(txId, {
            tx,
            end: (commit, at) => {
              endId = at;
              resolve(commit);
            },
          }),
        );
        reply({ op: 'result', id, result: txId });
        const commit = await ended;
        open.delete(txId);
        if (!commit && !tx.closed) await tx.rollback();
      })
      .then(
        () => started && reply({ op: 'result', id: endId, result: null }),
        (err: unknown) => {
          open.delete(txId);
          reply({ op: 'error', id: started ? endId : id, error: wireError(err) });
        },
      );
  };

  const handle = async (m: ThreadRequest): Promise<void> => {
    switch (m.op) {
      case 'query': {
        const blob = m.copy ? new CopyData(m.copy).asBlob() : m.blob;
        const result = await target(m.tx).query(m.sql, m.params, options(m.rowMode, m.raw, m.paramTypes, blob));
        return reply({ op: 'result', id: m.id, result });
      }
      case 'exec': {
        const result: Results[] = await target(m.tx).exec(m.sql, options(m.rowMode, m.raw));
        return reply({ op: 'result', id: m.id, result });
      }
      case 'begin':
        return begin(m.id);
      case 'end': {
        const found = open.get(m.tx);
        if (!found) return reply({ op: 'error', id: m.id, error: wireError(new Error('Transaction is closed')) });
        return found.end(m.commit, m.id);
      }
      case 'rollback': {
        const found = open.get(m.tx);
        if (found && !found.tx.closed) await found.tx.rollback();
        return reply({ op: 'result', id: m.id, result: null });
      }
      case 'listen': {
        if (!unlisten.has(m.channel))
          unlisten.set(m.channel, await lite.listen(m.channel, (payload) => reply({ op: 'notify', channel: m.channel, payload })));
        return reply({ op: 'result', id: m.id, result: null });
      }
      case 'unlisten': {
        const stop = unlisten.get(m.channel);
        unlisten.delete(m.channel);
        if (stop && !lite.closed) await stop();
        return reply({ op: 'result', id: m.id, result: null });
      }
      case 'dump': {
        const file = await lite.dumpDataDir(m.compression);
        const data = await file.arrayBuffer();
        return reply({ op: 'result', id: m.id, result: data }, [data]);
      }
      case 'close': {
        socket?.close();
        if (init.socketPath) rmSync(init.socketPath, { force: true });
        if (!lite.closed) await lite.close();
        reply({ op: 'result', id: m.id, result: null });
        port.close();
        return;
      }
    }
  };

  port.on('message', (m: ThreadRequest) => {
    handle(m).catch((err: unknown) => reply({ op: 'error', id: m.id, error: wireError(err) }));
  });
  reply({ op: 'ready' });
}

/**
 * One JSON line a statement, one JSON line an answer (`{id, sql, params}` → `{id, rows}` or `{id, error}`), on a Unix
 * socket only the server's user may open: each line is one PGlite query, so it never lands inside the app's transactions.
 */
async function serveSocket(lite: PGlite, path: string): Promise<Server> {
  rmSync(path, { force: true });
  const server = createServer((conn) => {
    let buffered = '';
    conn.setEncoding('utf8');
    conn.on('error', () => undefined);
    conn.on('data', (chunk: string) => {
      buffered += chunk;
      let at: number;
      while ((at = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        let request: { id?: unknown; sql?: unknown; params?: unknown };
        try {
          request = JSON.parse(line) as typeof request;
        } catch {
          conn.write(`${JSON.stringify({ error: { message: 'not a JSON line' } })}\n`);
          continue;
        }
        const { id, sql, params } = request;
        if (typeof sql !== 'string' || (params !== undefined && !Array.isArray(params))) {
          conn.write(`${JSON.stringify({ id, error: { message: 'expected {"id", "sql", "params": []}' } })}\n`);
          continue;
        }
        lite.query(sql, params as unknown[]).then(
          (r) => conn.write(`${JSON.stringify({ id, rows: r.rows }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}\n`),
          (err: unknown) => conn.write(`${JSON.stringify({ id, error: wireError(err) })}\n`),
        );
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  chmodSync(path, 0o600);
  return server;
}

main().catch((err: unknown) => reply({ op: 'failed', error: wireError(err) }));
