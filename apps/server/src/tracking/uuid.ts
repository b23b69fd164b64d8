/**
 * UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter (rand_a: random at each new millisecond, +1 for
 * each id within the same one, so ids of one process sort in the order they were made), then random bits. Time-ordered,
 * so click ids index well, and made in memory so the tracker answers before the click row is written.
 */
import { randomFillSync } from 'node:crypto';

const POOL_SIZE = 16 * 1024;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

let lastMs = 0;
let counter = 0;

export function uuidv7(now = Date.now()): string {
  if (offset + 10 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  if (now > lastMs) {
    lastMs = now;
    counter = ((pool[offset] << 8) | pool[offset + 1]) & 0x7ff; // leaves room to count up
  } else if (++counter > 0xfff) {
    lastMs++;
    counter = 0;
  }
  const b = new Array<number>(16);
  let ms = lastMs;
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  for (let i = 6; i < 16; i++) b[i] = pool[offset++];
  b[6] = 0x70 | (counter >> 8); // version 7 + the counter's high bits
  b[7] = counter & 0xff;
  b[8] = (b[8] & 0x3f) | 0x80; // variant 10
  const h = b.map((x) => HEX[x]);
  return `${h[0]}${h[1]}${h[2]}${h[3]}-${h[4]}${h[5]}-${h[6]}${h[7]}-${h[8]}${h[9]}-${h[10]}${h[11]}${h[12]}${h[13]}${h[14]}${h[15]}`;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
