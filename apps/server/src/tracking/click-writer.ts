/**
 * The click batch writer (ARCHITECTURE §5 Click, step 6): the tracker pushes a click and answers at once; the buffer
 * is written every `CLICK_FLUSH_MS` in ONE `INSERT ... SELECT FROM unnest(...)` through the raw driver (Drizzle's
 * multi-row insert stalls the event loop at this volume). User-agent parsing happens here, off the request path.
 * A failed write keeps its rows for the next flush (up to MAX_PENDING, beyond which the oldest are dropped and
 * counted in the log); `close()` flushes what is left, so a graceful shutdown loses nothing.
 */
import type { Database } from '../db/client';
import { deviceOf } from './enrich';

export interface ClickRow {
  id: string;
  createdAt: Date;
  status: 1 | 2;
  invalidReason: string | null;
  isUnique: boolean;
  isBot: boolean;
  campaignId: number | null;
  offerId: number | null;
  affiliateId: number | null;
  teamId: number | null;
  landerId: number | null;
  trafficSourceId: number | null;
  country: string | null;
  language: string | null;
  ip: string | null;
  userAgent: string | null;
  referrer: string | null;
  targetUrl: string | null;
  /** sub1..sub9 */
  subs: (string | null)[];
  params: Record<string, string> | null;
}

interface Log {
  error(obj: object, msg: string): void;
}

const MAX_PENDING = 200_000;
const MAX_BATCH = 5_000;

const COLUMNS: [string, string][] = [
  ['id', 'uuid'],
  ['created_at', 'timestamptz'],
  ['status', 'int2'],
  ['invalid_reason', 'text'],
  ['is_unique', 'bool'],
  ['is_bot', 'bool'],
  ['campaign_id', 'int4'],
  ['offer_id', 'int4'],
  ['affiliate_id', 'int4'],
  ['team_id', 'int4'],
  ['lander_id', 'int4'],
  ['traffic_source_id', 'int4'],
  ['country', 'text'],
  ['language', 'text'],
  ['ip', 'text'],
  ['user_agent', 'text'],
  ['referrer', 'text'],
  ['browser', 'text'],
  ['browser_version', 'text'],
  ['os', 'text'],
  ['os_version', 'text'],
  ['device_type', 'text'],
  ['device_brand', 'text'],
  ['device_model', 'text'],
  ['target_url', 'text'],
  ...Array.from({ length: 9 }, (_, i): [string, string] => [`sub${i + 1}`, 'text']),
  ['params', 'jsonb'],
];
const INSERT_SQL = `INSERT INTO clicks (${COLUMNS.map((c) => c[0]).join(', ')}) SELECT * FROM unnest(${COLUMNS.map(
  (c, i) => `$${i + 1}::${c[1]}[]`,
).join(', ')}) ON CONFLICT (id) DO NOTHING`;

const noNul = (s: string): string => (s.includes('\u0000') ? s.replaceAll('\u0000', '') : s);

function columnsOf(rows: ClickRow[]): unknown[][] {
  const cols: unknown[][] = COLUMNS.map(() => new Array<unknown>(rows.length));
  rows.forEach((r, i) => {
    const d = deviceOf(r.userAgent ?? undefined);
    const values: unknown[] = [
      r.id,
      r.createdAt.toISOString(),
      r.status,
      r.invalidReason,
      r.isUnique,
      r.isBot,
      r.campaignId,
      r.offerId,
      r.affiliateId,
      r.teamId,
      r.landerId,
      r.trafficSourceId,
      r.country,
      r.language,
      r.ip,
      r.userAgent,
      r.referrer,
      d.browser,
      d.browserVersion,
      d.os,
      d.osVersion,
      d.deviceType,
      d.deviceBrand,
      d.deviceModel,
      r.targetUrl,
      ...Array.from({ length: 9 }, (_, k) => r.subs[k] ?? null),
      r.params ? JSON.stringify(Object.fromEntries(Object.entries(r.params).map(([k, v]) => [noNul(k), noNul(v)]))) : null,
    ];
    // PostgreSQL text takes no NUL character: one in a visitor's value would fail the whole batch, again at every retry
    values.forEach((v, c) => (cols[c][i] = typeof v === 'string' && c < values.length - 1 ? noNul(v) : v));
  });
  return cols;
}

export class ClickWriter {
  private pending: ClickRow[] = [];
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
  ) {}

  /** a timed flush: its failure is logged in flush() and retried from there */
  private readonly onTimer = () => {
    this.timer = undefined;
    this.flush().catch(() => undefined);
  };

  /** queues a click; with CLICK_FLUSH_MS=0 writes it before answering */
  async push(row: ClickRow): Promise<void> {
    if (this.flushMs === 0 || this.closed) {
      await this.write([row]);
      return;
    }
    this.pending.push(row);
    if (this.pending.length > MAX_PENDING) {
      const excess = this.pending.length - MAX_PENDING;
      this.pending.splice(0, excess);
      this.dropped += excess;
      this.log.error({ dropped: excess }, 'click buffer full: oldest clicks dropped');
    }
    this.timer ??= setTimeout(this.onTimer, this.flushMs);
  }

  /** writes everything pending now (also what arrives while a flush runs) */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (!this.pending.length) return;
    const batch = this.pending.splice(0, MAX_BATCH);
    this.flushing = this.write(batch).catch((err: unknown) => {
      this.pending.unshift(...batch);
      this.log.error({ err, clicks: batch.length }, 'click batch write failed: kept for the next flush');
      if (!this.closed) this.timer ??= setTimeout(this.onTimer, Math.max(this.flushMs, 1000));
      throw err;
    });
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
    if (this.pending.length && !this.timer) this.timer = setTimeout(this.onTimer, 0);
  }

  private async write(rows: ClickRow[]): Promise<void> {
    await this.database.query(INSERT_SQL, columnsOf(rows));
    this.written += rows.length;
  }

  /** flushes and stops the timer (graceful shutdown) */
  async close(): Promise<void> {
    this.closed = true;
    for (let tries = 0; this.pending.length && tries < 5; tries++) await this.flush().catch(() => undefined);
    if (this.timer) clearTimeout(this.timer);
  }
}
