/**
 * The click batch writer (architecture §5 Click, step 6): the tracker pushes a click and answers at once; what is
 * pushed is written every `CLICK_FLUSH_MS` in one statement per batch (at most MAX_BATCH clicks) through the raw driver.
 * Each click becomes a row of binary COPY data as it is pushed (click-copy.ts; its user agent parsed then, memoized per
 * user agent), appended to the batch's buffer (outside the JS heap: a waiting click is no object the garbage collector
 * copies), and the batch is written as one COPY (about 40% less PostgreSQL CPU per click than reading a JSON batch, and
 * the binary format 10% less than COPY text: docs/decisions/engine.md "Clicks written as binary COPY"):
 * - PostgreSQL: `COPY clicks FROM STDIN (FORMAT binary)` on one pooled connection;
 * - PGlite: `COPY clicks FROM '/dev/blob' (FORMAT binary)`, the data given as the statement's COPY data
 *   (db/copy-data.ts: one copy of the batch's bytes, transferred to the database thread).
 * A batch that meets a click id already stored (a retry after a write that did commit) goes through a temporary table
 * and `ON CONFLICT (id, created_at) DO NOTHING` (the key of the day-partitioned clicks, migration 0026).
 * (Drizzle's multi-row insert stalled the event loop at this volume, and the driver's per-value array encoding of 35
 * columns cost more CPU than the click itself.)
 * A failed write keeps its batch for the next flush (up to MAX_PENDING clicks, beyond which the oldest batches are
 * dropped and counted in the log); `close()` flushes what is left, so a graceful shutdown loses nothing.
 * With the click journal (click-journal.ts) each queued click's row is first written to this node's file, the same
 * bytes as the batch's (`syncJournal`); a batch's file is removed once the batch is committed, and what a killed
 * process left is queued again at start: a kill loses nothing.
 * Unique clicks are decided once across every node: the clicks this process called unique are confirmed in the same
 * transaction against `click_visitors` (one row a visitor and campaign, shared by all nodes), and a click another node
 * or an earlier run of this one already counted is stored as not unique (VISITORS_SQL; docs/decisions/engine.md
 * "Unique clicks across nodes"). A batch without such a click is written as before, in one statement.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../../../db/client';
import { CopyData } from '../../../db/copy-data';
import type { EmbeddedPglite } from '../../../db/pglite-thread';
import { CLICK_COPY_COLUMNS, ClickRows, COPY_HEADER, COPY_TRAILER } from './click-copy';
import type { ClickJournal, Segment } from './click-journal';
import type { ClickRow } from './click-row';
import { UNIQUE_WINDOW_MS, visitorKey } from './unique';

export type { ClickRow };

interface Log {
  error(obj: object, msg: string): void;
}

const MAX_PENDING = 200_000;
const MAX_BATCH = 5_000;

const COLUMNS = CLICK_COPY_COLUMNS.join(', ');

/**
 * The visitors of a batch's candidate unique clicks ($1 keys, $2 click times, $3 click ids) taken in `click_visitors`:
 * a visitor not there, or whose window ended by this click's time, is taken by this click, which the statement
 * answers (`click_id`); a visitor held by another click is left as it is, and that click is not unique. The row
 * already held by this very click (a batch written again after a write that did commit) answers it again.
 */
const VISITORS_UPSERT = `INSERT INTO click_visitors (key, until, click_id)
  SELECT v.key, v.at + interval '${UNIQUE_WINDOW_MS} milliseconds', v.click_id FROM unnest($1::bigint[], $2::timestamptz[], $3::uuid[]) AS v(key, at, click_id)
  ON CONFLICT (key) DO UPDATE SET until = EXCLUDED.until, click_id = EXCLUDED.click_id
  WHERE click_visitors.until <= EXCLUDED.until - interval '${UNIQUE_WINDOW_MS} milliseconds' OR click_visitors.click_id = EXCLUDED.click_id
  RETURNING click_id`;
/** PostgreSQL, after the batch's COPY in the same transaction: the candidates not confirmed are stored as not unique */
const VISITORS_SQL = `WITH taken AS (${VISITORS_UPSERT})
  UPDATE clicks SET is_unique = false WHERE id = ANY($3::uuid[]) AND created_at = ANY($2::timestamptz[]) AND is_unique AND id NOT IN (SELECT click_id FROM taken)`;

/** a visitor as a signed 64-bit key (the first 8 bytes of its MD5: a collision only makes a click not unique) */
const visitorHash = (r: ClickRow): string =>
  createHash('md5')
    .update(visitorKey(r.campaignId, r.ip, r.userAgent))
    .digest()
    .readBigInt64BE(0)
    .toString();

/** the candidate unique clicks of a batch, as VISITORS_UPSERT's three arrays; a visitor's second candidate in one batch
 * (possible only after this process forgot it) is stored as not unique here */
class Visitors {
  private readonly seen = new Set<string>();
  readonly keys: string[] = [];
  readonly at: string[] = [];
  readonly ids: string[] = [];
  /** the visitor's key when this batch has no candidate of that visitor yet, else null */
  fresh(r: ClickRow): string | null {
    const key = visitorHash(r);
    return this.seen.has(key) ? null : key;
  }
  take(key: string, r: ClickRow): void {
    this.seen.add(key);
    this.keys.push(key);
    this.at.push(r.createdAt.toISOString());
    this.ids.push(r.id);
  }
  params(): string[][] {
    return [this.keys, this.at, this.ids];
  }
}

/**
 * Buffers of written batches, used again: a new buffer per batch is memory outside the heap that V8 counts as
 * pressure, and it answered with a full garbage collection every half second.
 */
const spareBuffers: Buffer[] = [];
const SPARE_BUFFERS = 4;

/** a batch waiting to be written: its clicks as binary COPY data (click-copy.ts), the header first */
class Batch {
  count = 0;
  /** the batch's candidate unique clicks, or null while it has none */
  visitors: Visitors | null = null;
  /** its clicks' journal file, removed once the batch is stored */
  segment: Segment | null = null;
  private readonly rows = new ClickRows(spareBuffers.pop() ?? Buffer.allocUnsafe(64 * 1024), COPY_HEADER.length);
  /** the rows before this offset, and their count, are in the journal */
  private journaled = COPY_HEADER.length;
  private journaledCount = 0;
  constructor() {
    COPY_HEADER.copy(this.rows.bytes, 0);
  }
  /** once written: its buffer serves a next batch */
  release(): void {
    if (spareBuffers.length < SPARE_BUFFERS && this.rows.bytes.length <= 4 * 1024 * 1024) spareBuffers.push(this.rows.bytes);
    this.rows.bytes = Buffer.alloc(0);
  }
  add(row: ClickRow): void {
    const visitor = row.isUnique ? (this.visitors ??= new Visitors()).fresh(row) : null;
    if (row.isUnique && visitor === null) row = { ...row, isUnique: false };
    // a row that cannot be written (an id of another shape: click-copy.ts) throws here and leaves the batch as it was
    this.rows.add(row);
    if (visitor !== null) this.visitors!.take(visitor, row);
    this.count++;
  }
  /** the rows added since the last call, for the journal, and their count */
  unjournaled(): { rows: Buffer; count: number } {
    const rows = this.rows.bytes.subarray(this.journaled, this.rows.length);
    const count = this.count - this.journaledCount;
    this.journaled = this.rows.length;
    this.journaledCount = this.count;
    return { rows, count };
  }
  /** the COPY data: header, rows, trailer */
  copyData(): Buffer {
    const end = this.rows.length + COPY_TRAILER.length;
    if (end > this.rows.bytes.length) this.rows.grow(end);
    COPY_TRAILER.copy(this.rows.bytes, this.rows.length);
    return this.rows.bytes.subarray(0, end);
  }
}

/**
 * `COPY ... FROM STDIN` on one pooled connection: node-postgres runs any object with `submit` as a query and hands it
 * the protocol messages (the copy-in protocol: CopyInResponse, then our CopyData and CopyDone, then CommandComplete and
 * ReadyForQuery, or an ErrorResponse).
 */
class CopyIn {
  private done = false;
  constructor(
    private readonly text: string,
    private readonly data: Buffer,
    /** node-postgres may wrap it (a query timeout) */
    public callback: (err?: Error) => void,
  ) {}
  private finish(err: Error | undefined): void {
    if (this.done) return;
    this.done = true;
    this.callback(err);
  }
  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }
  handleCommandComplete(): void {}
  /** PostgreSQL's error (the driver then stops passing this query its messages) or the connection's */
  handleError(err: Error): void {
    this.finish(err);
  }
  handleReadyForQuery(): void {
    this.finish(undefined);
  }
  // not sent for a COPY; present because the driver may call them on any query
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/**
 * Runs `use` on one pooled connection: a database error leaves the connection usable, anything else (the connection
 * lost) retires it.
 */
async function withConnection(pool: pg.Pool, use: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await use(client);
  } catch (err) {
    if (!(err instanceof Error && 'severity' in err)) broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** one `COPY ... FROM STDIN` of `data` on the client */
const copyFrom = (client: pg.PoolClient, text: string, data: Buffer) =>
  new Promise<void>((resolve, reject) => {
    client.query(new CopyIn(text, data, (err) => (err ? reject(err) : resolve())) as never);
  });

/** one batch's statements on one connection: a pooled PostgreSQL client, or PGlite (on its thread or not) */
interface BatchSession {
  /** COPY of the batch's data into `table` */
  copy(table: string, data: Buffer): Promise<void>;
  query(text: string, params?: unknown[], name?: string): Promise<unknown>;
}

/**
 * The batch's COPY and, with candidate unique clicks, VISITORS_SQL after it (in the caller's transaction). `skipStored`
 * (a batch written again after a write that did commit: rare) copies into a temporary table and inserts only the clicks
 * not stored yet.
 */
async function writeBatch(session: BatchSession, data: Buffer, visitors: Visitors | null, skipStored: boolean): Promise<void> {
  if (skipStored) {
    await session.query('CREATE TEMPORARY TABLE click_batch (LIKE clicks) ON COMMIT DROP');
    await session.copy('click_batch', data);
    await session.query(`INSERT INTO clicks (${COLUMNS}) SELECT ${COLUMNS} FROM click_batch ON CONFLICT (id, created_at) DO NOTHING`);
  } else await session.copy('clicks', data);
  if (visitors) await session.query(VISITORS_SQL, visitors.params(), 'click-visitors');
}

/** PostgreSQL: `COPY ... FROM STDIN` on one pooled connection, in a transaction when the batch has more than the COPY */
const copyBatch = (pool: pg.Pool, data: Buffer, visitors: Visitors | null, skipStored: boolean) =>
  withConnection(pool, async (client) => {
    const session: BatchSession = {
      copy: (table, data) => copyFrom(client, `COPY ${table} (${COLUMNS}) FROM STDIN (FORMAT binary)`, data),
      query: (text, values, name) => client.query({ text, values, name }),
    };
    if (!visitors && !skipStored) return session.copy('clicks', data);
    await client.query('BEGIN');
    try {
      await writeBatch(session, data, visitors, skipStored);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });

/** PGlite: the same COPY data read from its `/dev/blob` */
const copyBatchLite = async (lite: EmbeddedPglite, data: Buffer, visitors: Visitors | null, skipStored: boolean) => {
  const sessionOf = (on: Pick<EmbeddedPglite, 'query'>): BatchSession => ({
    copy: async (table, data) =>
      void (await on.query(`COPY ${table} (${COLUMNS}) FROM '/dev/blob' (FORMAT binary)`, [], { blob: CopyData.of(data).asBlob() })),
    query: (text, params) => on.query(text, params),
  });
  if (!visitors && !skipStored) return sessionOf(lite).copy('clicks', data);
  await lite.transaction((tx) => writeBatch(sessionOf(tx), data, visitors, skipStored));
};

const UNIQUE_VIOLATION = '23505';

export class ClickWriter {
  /** the batch clicks are added to; then the full or flushed batches waiting for their write, oldest first */
  private open: Batch;
  private waiting: Batch[] = [];
  /** clicks in `open` and `waiting` */
  private pendingCount = 0;
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private closed = false;
  /** clicks written since start (the benchmark checks it against the database) */
  written = 0;
  dropped = 0;

  constructor(
    private readonly database: Database,
    private readonly flushMs: number,
    private readonly log: Log,
    private readonly journal?: ClickJournal,
  ) {
    this.open = new Batch();
    // what a killed process left in the journal: a batch a segment, written first
    for (const left of journal?.leftovers ?? []) {
      const batch = new Batch();
      for (const row of left.rows) batch.add(row);
      batch.unjournaled(); // already in its segment
      batch.segment = left.segment;
      this.waiting.push(batch);
      this.pendingCount += batch.count;
    }
    if (this.waiting.length) this.timer = setTimeout(this.onTimer, 0);
  }

  /** a timed flush: its failure is logged in flush() and retried from there */
  private readonly onTimer = () => {
    this.timer = undefined;
    this.flush().catch(() => undefined);
  };

  /** queues a click (no promise); with CLICK_FLUSH_MS=0, and once closed, writes it and answers when written */
  push(row: ClickRow): Promise<void> | undefined {
    if (this.flushMs === 0 || this.closed) {
      const batch = new Batch();
      batch.add(row);
      return this.write(batch).then(() => batch.release());
    }
    this.open.add(row);
    this.pendingCount++;
    if (this.open.count >= MAX_BATCH) this.seal();
    while (this.pendingCount > MAX_PENDING && this.waiting.length) {
      const oldest = this.waiting.shift()!;
      this.pendingCount -= oldest.count;
      this.dropped += oldest.count;
      this.journal?.cut(oldest.segment);
      this.log.error({ dropped: oldest.count }, 'click buffer full: oldest clicks dropped');
    }
    this.timer ??= setTimeout(this.onTimer, this.flushMs);
    return undefined;
  }

  /** the clicks pushed since the last call go to the journal's file (click-handler.ts, before their answers): the open
   * batch's rows added since, as they are */
  syncJournal(): void {
    if (!this.journal) return;
    const { rows, count } = this.open.unjournaled();
    this.journal.write(rows, count);
  }

  /** the open batch joins the waiting ones */
  private seal(): void {
    if (!this.open.count) return;
    if (this.journal) {
      this.syncJournal();
      this.open.segment = this.journal.seal();
    }
    this.waiting.push(this.open);
    this.open = new Batch();
  }

  /** writes everything pending now (also what arrives while a flush runs) */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing.catch(() => undefined);
    this.seal();
    const batch = this.waiting.shift();
    if (!batch) return;
    this.flushing = this.write(batch).then(
      () => {
        this.pendingCount -= batch.count;
        this.journal?.cut(batch.segment);
        batch.release();
      },
      (err: unknown) => {
        this.waiting.unshift(batch);
        this.log.error({ err, clicks: batch.count }, 'click batch write failed: kept for the next flush');
        if (!this.closed) this.timer ??= setTimeout(this.onTimer, Math.max(this.flushMs, 1000));
        throw err;
      },
    );
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
    if ((this.waiting.length || this.open.count) && !this.timer) this.timer = setTimeout(this.onTimer, 0);
  }

  private async write(batch: Batch): Promise<void> {
    const data = batch.copyData();
    const { pool, pglite } = this.database;
    const copy = (skipStored: boolean) =>
      pool ? copyBatch(pool, data, batch.visitors, skipStored) : copyBatchLite(pglite!, data, batch.visitors, skipStored);
    try {
      await copy(false);
    } catch (err) {
      // a click already stored (the batch was retried after a write that did commit): write the others
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      await copy(true);
    }
    this.written += batch.count;
  }

  /** flushes and stops the timer (graceful shutdown) */
  async close(): Promise<void> {
    this.closed = true;
    // every batch, unless the database refuses five times in a row
    for (let failures = 0; (this.waiting.length || this.open.count) && failures < 5;)
      await this.flush().then(
        () => (failures = 0),
        () => failures++,
      );
    if (this.timer) clearTimeout(this.timer);
    // a batch still unwritten (the database refused) keeps its segment for the next start
    this.journal?.close();
  }
}
