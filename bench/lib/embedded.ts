/**
 * The bench's reader of the embedded database while the app runs: the app's database thread answers one statement a
 * JSON line on a Unix socket (`EMBEDDED_DB_SOCKET`), so the checks of each scenario read PGlite as they read PostgreSQL.
 */
import { connect, type Socket } from 'node:net';
import type { Query } from './types';

export interface EmbeddedReader {
  query: Query;
  close(): void;
}

export async function connectEmbedded(path: string): Promise<EmbeddedReader> {
  const socket: Socket = connect(path);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.setEncoding('utf8');
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  let seq = 0;
  let buffered = '';
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let at: number;
    while ((at = buffered.indexOf('\n')) >= 0) {
      const answer = JSON.parse(buffered.slice(0, at)) as { id: number; rows?: unknown[]; error?: { message: string } };
      buffered = buffered.slice(at + 1);
      const w = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.error) w?.reject(new Error(answer.error.message));
      else w?.resolve(answer.rows ?? []);
    }
  });
  const query: Query = <T>(sql: string, params: unknown[] = []) =>
    new Promise<{ rows: T[] }>((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve: (rows) => resolve({ rows: rows as T[] }), reject });
      socket.write(`${JSON.stringify({ id, sql, params })}\n`);
    });
  return { query, close: () => socket.destroy() };
}
