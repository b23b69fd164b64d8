import { mkdtemp, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../http/errors';
import { migrateDatabase, openDatabase, rowsOf, type Database } from './client';
import { CopyData } from './copy-data';
import { PgliteThread } from './pglite-thread';
import { numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

const things = pgTable('thread_things', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 8 }).notNull().unique(),
  amount: numeric('amount', { precision: 12, scale: 4 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

describe('the embedded database on its own thread', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'leadgrid-thread-'));
    database = await openDatabase({ dataDir: join(dir, 'pglite'), thread: true, socketPath: join(dir, 'db.sock') });
    await migrateDatabase(database);
    await database.query(
      'CREATE TABLE thread_things (id serial PRIMARY KEY, code varchar(8) NOT NULL UNIQUE, amount numeric(12,4) NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
    );
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers Drizzle: inserts, selects with its parsers (timestamps as text), numeric and json', async () => {
    expect(database.pglite).toBeInstanceOf(PgliteThread);
    await database.db.insert(things).values({ code: 'XTH', amount: '1.2345' });
    const [row] = await database.db.select().from(things).where(eq(things.code, 'XTH'));
    expect(row).toMatchObject({ code: 'XTH', amount: '1.2345' });
    expect(row!.createdAt).toBeInstanceOf(Date);
    const raw = rowsOf<{ at: string; doc: { a: number[] } }>(
      await database.db.execute(sql`SELECT now()::timestamptz::text AS at, ${JSON.stringify({ a: [1, 2] })}::jsonb AS doc`),
    );
    expect(raw[0]!.doc).toEqual({ a: [1, 2] });
  });

  it('sends an object of a class as its text, as PGlite on this thread does', async () => {
    const decimalLike = new (class {
      toString() {
        return '12.50';
      }
    })();
    const { rows } = await database.query<{ v: string }>('SELECT $1::numeric AS v', [decimalLike]);
    expect(rows[0]!.v).toBe('12.50');
  });

  it('reads COPY data from a CopyData handed over by transfer, and from a Blob as before', async () => {
    const lite = database.pglite!;
    const sent = Buffer.from('CP1\t1.5\nCP2\t2.25\n');
    const data = CopyData.of(sent);
    await lite.query(`COPY thread_things (code, amount) FROM '/dev/blob'`, [], { blob: data.asBlob() });
    // the bytes went to the database thread: the sending side's buffer is detached, the caller's own is untouched
    expect(data.bytes.byteLength).toBe(0);
    expect(sent.toString()).toBe('CP1\t1.5\nCP2\t2.25\n');
    await lite.query(`COPY thread_things (code, amount) FROM '/dev/blob'`, [], { blob: new Blob(['CP3\t3\n']) });
    const { rows } = await database.query<{ code: string; amount: string }>(
      `SELECT code, amount::text AS amount FROM thread_things WHERE code LIKE 'CP%' ORDER BY code`,
    );
    expect(rows).toEqual([
      { code: 'CP1', amount: '1.5000' },
      { code: 'CP2', amount: '2.2500' },
      { code: 'CP3', amount: '3.0000' },
    ]);
    // bad COPY data: PostgreSQL's error with its code, nothing written
    const err = await lite
      .query(`COPY thread_things (code, amount) FROM '/dev/blob'`, [], { blob: CopyData.of(Buffer.from('CP4\tnot-a-number\n')).asBlob() })
      .catch((e: unknown) => e as { code?: string });
    expect(err).toMatchObject({ code: '22P02' });
    expect((await database.query(`SELECT 1 FROM thread_things WHERE code = 'CP4'`)).rows).toHaveLength(0);
  });

  it('keeps a PostgreSQL error as the app reads it: code, constraint, message', async () => {
    const err = await database.db
      .insert(things)
      .values({ code: 'XTH', amount: '1' })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    const cause = (err as { cause?: { constraint?: string } }).cause ?? (err as { constraint?: string });
    expect(cause.constraint).toBe('thread_things_code_key');
  });

  it('commits a transaction, rolls back one that throws and one rolled back by hand', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(things).values({ code: 'XT1', amount: '1' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(things).values({ code: 'XT2', amount: '2' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.pglite!.transaction(async (tx) => {
      await tx.query(`INSERT INTO thread_things (code, amount) VALUES ('XT3', 3)`);
      await tx.rollback();
    });
    const { rows } = await database.query<{ code: string }>(
      `SELECT code FROM thread_things WHERE code IN ('XT1', 'XT2', 'XT3') ORDER BY code`,
    );
    expect(rows.map((r) => r.code)).toEqual(['XT1']);
  });

  it('runs transactions one at a time: a statement outside waits for the open one, as on PGlite', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE thread_things SET amount = 7 WHERE code = 'XT1'`);
      order.push('tx: updated');
      await gate;
      order.push('tx: ending');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = database.query<{ amount: number }>(`SELECT amount::int AS amount FROM thread_things WHERE code = 'XT1'`).then((r) => {
      order.push(`outside read ${r.rows[0]!.amount}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([first, outside]);
    expect(order).toEqual(['tx: updated', 'tx: ending', 'outside read 7']);
  });

  it('keeps the event loop free while the database works', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    // a few hundred milliseconds of work inside PostgreSQL
    await database.query('SELECT count(*) FROM generate_series(1, 1000000) g WHERE md5(g::text) LIKE $1', ['0%']);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
  });

  it('delivers LISTEN / NOTIFY to the request thread', async () => {
    const got: string[] = [];
    const unlisten = await database.listen('thread_test', (payload) => got.push(payload));
    await database.query(`SELECT pg_notify('thread_test', 'hello')`);
    await expect.poll(() => got).toEqual(['hello']);
    await unlisten();
    await database.query(`SELECT pg_notify('thread_test', 'after')`);
    await database.query('SELECT 1');
    expect(got).toEqual(['hello']);
  });

  it('answers one statement a JSON line on its socket, readable by its user only', async () => {
    const path = join(dir, 'db.sock');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const conn = connect(path);
    const lines: string[] = [];
    let buffered = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      lines.push(...parts);
    });
    conn.write(`${JSON.stringify({ id: 1, sql: 'SELECT code FROM thread_things WHERE code = $1', params: ['XT1'] })}\n`);
    conn.write(`${JSON.stringify({ id: 2, sql: 'SELECT * FROM no_such_table' })}\nnot json\n`);
    await expect.poll(() => lines.length).toBe(3);
    conn.destroy();
    const answers = lines.map(
      (l) => JSON.parse(l) as { id?: number; rows?: unknown[]; error?: { message: string; fields?: { code?: string } } },
    );
    expect(answers.find((a) => a.id === 1)).toEqual({ id: 1, rows: [{ code: 'XT1' }] });
    expect(answers.find((a) => a.id === 2)!.error!.fields!.code).toBe('42P01');
    expect(answers.find((a) => a.id === undefined)!.error!.message).toBe('not a JSON line');
  });

  it('dumps its data directory, which opens again on the request thread', async () => {
    const dump = await database.pglite!.dumpDataDir('gzip');
    const copy = await openDatabase({ loadDataDir: dump });
    const { rows } = await copy.query<{ code: string }>(`SELECT code FROM thread_things WHERE code = 'XT1'`);
    await copy.close();
    expect(rows).toEqual([{ code: 'XT1' }]);
  });

  it('refuses calls once closed, and the data directory opens again', async () => {
    await database.close();
    await expect(database.query('SELECT 1')).rejects.toThrow('PGlite is closed');
    database = await openDatabase({ dataDir: join(dir, 'pglite'), thread: true });
    const { rows } = await database.query<{ code: string }>(`SELECT code FROM thread_things WHERE code = 'XT1'`);
    expect(rows).toEqual([{ code: 'XT1' }]);
  }, 30_000);
});
