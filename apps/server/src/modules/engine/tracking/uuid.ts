/**
 * UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter (rand_a: random at each new millisecond, +1 for
 * each id within the same one, so ids of one process sort in the order they were made), then random bits. Time-ordered,
 * so click ids index well, and made in memory so the tracker answers before the click row is written.
 * A click's created_at is the time in its id (`uuidTime`, click.ts): the clicks table is partitioned by it and a click is
 * found by its id in one partition (docs/decisions/engine.md "Clicks partitioned by day").
 */
import { randomBytes, randomFillSync } from 'node:crypto';

const POOL_SIZE = 16 * 1024;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

let lastMs = 0;
let counter = 0;
/** the time part of the ids of `prefixMs` */
let prefixMs = -1;
let prefix = '';

export function uuidv7(now = Date.now()): string {
  if (offset + 10 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  // a new millisecond, or a clock set back (the ids of a process then no longer sort; the id keeps the time given,
  // which is the click's time). Only more than 4096 ids in one millisecond carry the id a millisecond ahead.
  if (now > lastMs || now < lastMs - 1000) {
    lastMs = now;
    counter = ((pool[offset] << 8) | pool[offset + 1]) & 0x7ff; // leaves room to count up
  } else if (++counter > 0xfff) {
    lastMs++;
    counter = 0;
  }
  // 48 bits of milliseconds as 12 hex digits (written once per millisecond), version 7 + the counter, variant 10 +
  // random bits, random bits (the pool's first two bytes here seeded the counter: the random bits are the next eight)
  if (lastMs !== prefixMs) {
    const ms = lastMs.toString(16).padStart(12, '0');
    prefix = `${ms.slice(0, 8)}-${ms.slice(8)}-`;
    prefixMs = lastMs;
  }
  const p = pool;
  const o = offset + 2;
  offset += 10;
  return (
    `${prefix}${HEX[0x70 | (counter >> 8)]}${HEX[counter & 0xff]}-${HEX[(p[o] & 0x3f) | 0x80]}${HEX[p[o + 1]]}-` +
    `${HEX[p[o + 2]]}${HEX[p[o + 3]]}${HEX[p[o + 4]]}${HEX[p[o + 5]]}${HEX[p[o + 6]]}${HEX[p[o + 7]]}`
  );
}

/** the millisecond time in the last id `uuidv7` made (its first 48 bits): `uuidTime` of it, without reading it back */
export const lastUuidMs = (): number => lastMs;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** the millisecond time in a UUIDv7 (its first 48 bits), or null for another id */
export function uuidTime(id: string): Date | null {
  if (!UUID_RE.test(id) || id[14] !== '7') return null;
  return new Date(parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
}

/** a UUIDv7 of a given millisecond, the other bits random (the tracker's generator only counts forward from the present):
 * seeds and tests */
export function uuidv7At(ms: number): string {
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (b[6] & 0x0f);
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
