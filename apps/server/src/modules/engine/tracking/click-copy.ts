/**
 * A click as a row of PostgreSQL's binary COPY format (docs/decisions/engine.md, "Clicks written as binary COPY"): what
 * the batch writer (click-writer.ts) sends as `COPY clicks (...) FROM ... (FORMAT binary)` and what the click journal
 * (click-journal.ts) keeps on disk, the same bytes. PostgreSQL reads a binary row with no text parsing: no date, uuid or
 * number to read from text, no escapes. Each row is its field count (int16) and each field's length (int32, -1 for
 * NULL) followed by its bytes, all big-endian:
 * - uuid: 16 bytes; timestamptz: int64 microseconds since 2000-01-01 UTC; smallint, integer: 2 and 4 bytes; boolean:
 *   one byte; text and varchar: UTF-8; jsonb: the version byte 1, then the JSON text.
 * The stream is a header (`COPY_HEADER`), the rows, and a trailer (`COPY_TRAILER`). PostgreSQL still checks each value
 * as its type's binary reader does (a varchar's length, UTF-8), so a text value is made safe first, as before: a NUL
 * character dropped, a lone surrogate dropped (lib/pg-text.ts).
 */
import { pgSafe } from '../../../lib/pg-text';
import type { ClickRow } from './click-row';
import { deviceOf, memo } from './enrich';

/** the columns of a click's COPY row, in its order */
export const CLICK_COPY_COLUMNS = [
  'id',
  'created_at',
  'status',
  'invalid_reason',
  'is_unique',
  'is_bot',
  'campaign_id',
  'offer_id',
  'affiliate_id',
  'team_id',
  'lander_id',
  'traffic_source_id',
  'country',
  'language',
  'ip',
  'referrer',
  // the user agent and what is parsed from it side by side: one remembered piece of each row (`agentBytes`)
  'user_agent',
  'browser',
  'browser_version',
  'os',
  'os_version',
  'device_type',
  'device_brand',
  'device_model',
  'target_url',
  ...Array.from({ length: 9 }, (_, i) => `sub${i + 1}`),
  'params',
  'is_test',
] as const;
const FIELDS = CLICK_COPY_COLUMNS.length;

/** the signature `PGCOPY\n\377\r\n\0`, no flags, no header extension */
export const COPY_HEADER = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]);
/** the field count -1 */
export const COPY_TRAILER = Buffer.from([0xff, 0xff]);

/** microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's epoch */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;

function i16(b: Uint8Array, o: number, v: number): number {
  b[o] = v >>> 8;
  b[o + 1] = v;
  return o + 2;
}
function i32(b: Uint8Array, o: number, v: number): number {
  b[o] = v >>> 24;
  b[o + 1] = v >>> 16;
  b[o + 2] = v >>> 8;
  b[o + 3] = v;
  return o + 4;
}
const readI32 = (b: Uint8Array, o: number) => (b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3];
const readU32 = (b: Uint8Array, o: number) => readI32(b, o) >>> 0;

/** a text field: its length and UTF-8 bytes, made safe (`b` has room for 4 + 3 × its length), or NULL */
function text(b: Buffer, o: number, s: string | null | undefined): number {
  if (s === null || s === undefined) return i32(b, o, -1);
  const n = b.write(pgSafe(s, ''), o + 4);
  i32(b, o, n);
  return o + 4 + n;
}

function int(b: Uint8Array, o: number, v: number | null): number {
  if (v === null) return i32(b, o, -1);
  o = i32(b, o, 4);
  return i32(b, o, v);
}

function bool(b: Uint8Array, o: number, v: boolean): number {
  o = i32(b, o, 1);
  b[o] = v ? 1 : 0;
  return o + 1;
}

/** hexadecimal digits' values by character code (255: not one) */
const HEX_VALUE = new Uint8Array(128).fill(255);
for (let i = 0; i < 16; i++) HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** a uuid as its 16 bytes; a string of another shape throws (the tracker makes every id: never in practice) */
function uuid(b: Uint8Array, o: number, id: string): number {
  if (id.length !== 36) throw new Error(`not a uuid: ${id}`);
  o = i32(b, o, 16);
  for (let i = 0; i < 36; i += 2) {
    if (i === 8 || i === 13 || i === 18 || i === 23) i++;
    const hi = HEX_VALUE[id.charCodeAt(i) & 127];
    const lo = HEX_VALUE[id.charCodeAt(i + 1) & 127];
    if ((hi | lo) === 255) throw new Error(`not a uuid: ${id}`);
    b[o++] = (hi << 4) | lo;
  }
  return o;
}

/** a time as its 12 bytes (length and int64 microseconds since 2000); the clicks of one millisecond share them */
const timeBytes = new Uint8Array(12);
let timeAt = Number.NaN;
function timestamp(b: Uint8Array, o: number, d: Date): number {
  const ms = d.getTime();
  if (ms !== timeAt) {
    // exact in a double: |µs| < 2^53 for any year within ±140,000 of 2000
    const us = (ms - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / TWO_32);
    i32(timeBytes, 0, 8);
    i32(timeBytes, 4, hi);
    i32(timeBytes, 8, us - hi * TWO_32);
    timeAt = ms;
  }
  b.set(timeBytes, o);
  return o + 12;
}

/** the user agent and its browser, OS and device as their 8 fields, remembered per user agent ('' is NULL) */
const agentBytes = memo(20_000, 1000, (ua: string): Buffer => {
  const d = deviceOf(ua || undefined);
  const parts = [ua || null, d.browser, d.browserVersion, d.os, d.osVersion, d.deviceType, d.deviceBrand, d.deviceModel];
  const b = Buffer.allocUnsafe(parts.reduce((n, p) => n + 4 + 3 * (p?.length ?? 0), 0));
  let o = 0;
  for (const p of parts) o = text(b, o, p);
  return b.subarray(0, o);
});

function paramsOf(params: Record<string, string>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const k in params) {
    const v = params[k];
    out[pgSafe(k, '')] = v === null || v === undefined ? undefined : pgSafe(v, '');
  }
  return out;
}

/** the bytes of a row without its variable fields: count, lengths, uuid, time, numbers, flags, jsonb's version */
const FIXED = 2 + FIELDS * 4 + 16 + 8 + 2 + 3 + 6 * 4 + 1;

const textRoom = (s: string | null | undefined) => (s ? 3 * s.length : 0);

/**
 * Click rows appended to one buffer, grown (doubled, or to what a row needs) when a row may not fit. `start`: the bytes
 * kept before the rows (the batch writer's COPY header).
 */
export class ClickRows {
  length: number;
  constructor(
    public bytes: Buffer,
    start = 0,
  ) {
    this.length = start;
  }
  add(r: ClickRow): void {
    this.length = writeClickRow(r, this, this.length);
  }
  /** a bigger buffer holding what is written */
  grow(needed: number): Buffer {
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, needed));
    this.bytes.copy(bigger, 0, 0, this.length);
    return (this.bytes = bigger);
  }
}

/** Appends `r` as one row to `target` at `o`, growing it when it has less room than the row may take; answers the row's end. */
function writeClickRow(r: ClickRow, target: ClickRows, o: number): number {
  const s = r.subs;
  const agent = agentBytes(r.userAgent ?? '');
  const params = r.params ? JSON.stringify(paramsOf(r.params)) : null;
  let room = FIXED + agent.length + textRoom(params) + textRoom(r.invalidReason) + textRoom(r.country) + textRoom(r.language);
  room += textRoom(r.ip) + textRoom(r.referrer) + textRoom(r.targetUrl);
  for (let i = 0; i < 9; i++) room += textRoom(s[i]);
  let b = target.bytes;
  if (o + room > b.length) b = target.grow(o + room);
  o = i16(b, o, FIELDS);
  o = uuid(b, o, r.id);
  o = timestamp(b, o, r.createdAt);
  o = i32(b, o, 2);
  o = i16(b, o, r.status);
  o = text(b, o, r.invalidReason);
  o = bool(b, o, r.isUnique);
  o = bool(b, o, r.isBot);
  o = int(b, o, r.campaignId);
  o = int(b, o, r.offerId);
  o = int(b, o, r.affiliateId);
  o = int(b, o, r.teamId);
  o = int(b, o, r.landerId);
  o = int(b, o, r.trafficSourceId);
  o = text(b, o, r.country);
  o = text(b, o, r.language);
  o = text(b, o, r.ip);
  o = text(b, o, r.referrer);
  b.set(agent, o);
  o += agent.length;
  o = text(b, o, r.targetUrl);
  for (let i = 0; i < 9; i++) o = text(b, o, s[i]);
  if (params === null) o = i32(b, o, -1);
  else {
    const n = b.write(params, o + 5);
    o = i32(b, o, n + 1);
    b[o] = 1;
    o += 1 + n;
  }
  return bool(b, o, r.isTest);
}

/** the binary rows of `rows`, without header or trailer (tests, and the journal's tests) */
export function clickRowsOf(rows: ClickRow[]): Buffer {
  const out = new ClickRows(Buffer.allocUnsafe(1024));
  for (const r of rows) out.add(r);
  return out.bytes.subarray(0, out.length);
}

/** a row's fields as [start, end) pairs (start -1 for NULL), or null when the bytes end inside it or it is no click row */
function fieldsOf(b: Uint8Array, o: number, at: number[]): number {
  if (o + 2 > b.length || ((b[o] << 8) | b[o + 1]) !== FIELDS) return -1;
  o += 2;
  for (let f = 0; f < FIELDS; f++) {
    if (o + 4 > b.length) return -1;
    const n = readI32(b, o);
    o += 4;
    if (n === -1) {
      at[2 * f] = -1;
      continue;
    }
    if (n < 0 || o + n > b.length) return -1;
    at[2 * f] = o;
    at[2 * f + 1] = o + n;
    o += n;
  }
  return o;
}

/**
 * The clicks of a run of binary rows (a journal segment), up to the first row cut short (a process killed in the
 * middle of a write) or of another shape: `end` says where the whole rows end.
 */
export function readClickRows(bytes: Buffer): { rows: ClickRow[]; end: number } {
  const rows: ClickRow[] = [];
  const at: number[] = new Array<number>(2 * FIELDS);
  let o = 0;
  for (;;) {
    const next = fieldsOf(bytes, o, at);
    if (next < 0) break;
    const row = rowOf(bytes, at);
    if (!row) break;
    rows.push(row);
    o = next;
  }
  return { rows, end: o };
}

function rowOf(b: Buffer, at: number[]): ClickRow | null {
  const len = (f: number) => (at[2 * f] < 0 ? -1 : at[2 * f + 1] - at[2 * f]);
  const str = (f: number) => (at[2 * f] < 0 ? null : b.toString('utf8', at[2 * f], at[2 * f + 1]));
  const num = (f: number) => (at[2 * f] < 0 ? null : readI32(b, at[2 * f]));
  const flag = (f: number) => b[at[2 * f]] === 1;
  // the shape of each fixed-size field: anything else is not a row this module wrote
  if (len(0) !== 16 || len(1) !== 8 || len(2) !== 2 || [4, 5, 35].some((f) => len(f) !== 1)) return null;
  if ([6, 7, 8, 9, 10, 11].some((f) => len(f) !== -1 && len(f) !== 4)) return null;
  const u = at[0];
  let id = '';
  for (let i = 0; i < 16; i++) id += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[b[u + i]];
  const t = at[2];
  const us = readI32(b, t) * TWO_32 + readU32(b, t + 4);
  const status = (b[at[4]] << 8) | b[at[4] + 1];
  let params: Record<string, string> | null = null;
  if (at[68] >= 0) {
    if (b[at[68]] !== 1) return null;
    try {
      params = JSON.parse(b.toString('utf8', at[68] + 1, at[69])) as Record<string, string>;
    } catch {
      return null;
    }
  }
  return {
    id,
    createdAt: new Date(us / 1000 + PG_EPOCH_MS),
    status: status === 2 ? 2 : 1,
    invalidReason: str(3),
    isUnique: flag(4),
    isBot: flag(5),
    isTest: flag(35),
    campaignId: num(6),
    offerId: num(7),
    affiliateId: num(8),
    teamId: num(9),
    landerId: num(10),
    trafficSourceId: num(11),
    country: str(12),
    language: str(13),
    ip: str(14),
    referrer: str(15),
    userAgent: str(16),
    targetUrl: str(24),
    subs: Array.from({ length: 9 }, (_, i) => str(25 + i)),
    params,
  };
}
