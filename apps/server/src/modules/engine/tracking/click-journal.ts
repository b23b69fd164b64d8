/**
 * The click journal (architecture §5 Click, step 6; docs/decisions/engine.md "A local click journal"): a click is
 * answered before the batch writer (click-writer.ts) stores it, so each click is first appended to a file of this
 * node's own, without fsync. A process killed (SIGKILL, out of memory) leaves its writes in the kernel's page cache,
 * hence on disk; a machine that loses power may lose the last seconds of them (not covered).
 * - The clicks of one turn of the event loop are answered together (click-handler.ts `answerAll`): their rows go to the
 *   file in ONE `write` right before those answers (`write`), as the batch writer's binary COPY rows (click-copy.ts):
 *   the very bytes the batch holds, so the journal formats nothing of its own. Nothing is answered before its row is
 *   written. A write that fails halfway is cut back to the last whole row, so the rows after it still read.
 * - One file (segment) a batch: the writer seals its open batch, the journal closes that batch's segment and the next
 *   click opens a new one; the writer removes a batch's segment once the batch is committed (`cut`). So the directory
 *   holds only the clicks not known to be stored, and a graceful stop, which writes every batch, leaves it empty.
 * - At start the segments left by a killed process are read back (`leftovers`) and queued to the writer as batches of
 *   their own, written by its own insert path: a click already stored is skipped by its id (the insert's conflict
 *   target), and a unique click is confirmed against `click_visitors` as any other.
 * - The directory is the node's own: DATA_DIR/click-journal/port-<PORT> (two nodes of one machine listen on two ports),
 *   guarded by a lock file naming the owner's pid (a second process on it refuses to start; a dead owner's is taken).
 * - A node killed on one port and started on another leaves its old directory behind: a starting node adopts every
 *   sibling directory whose lock is free (`adopt`: its segments renamed into this one, replayed as its own leftovers,
 *   the directory removed); one locked by a live process is left alone.
 * - A click the journal cannot take (disk full, I/O error) is answered and kept in memory as before the journal: the
 *   visitor is not refused for a protection against a crash; the failure is counted and logged (at most every 10 s).
 * - A row cut short (the process killed in the middle of a write) ends what is read back of its segment.
 * - Segments written before the binary rows (`seg-N.jsonl`, a JSON array a line) are still read back, a line cut short
 *   skipped.
 */
import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { takePidLock } from '../../../lib/pid-lock';
import { readClickRows } from './click-copy';
import type { ClickRow } from './click-row';

interface Log {
  error(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

/** a sealed segment: the file of one batch, removed once the batch is stored */
export type Segment = string;

export class ClickJournalLockedError extends Error {}

const SEGMENT_RE = /^seg-(\d+)\.(pgcopy|jsonl)$/;
/** a segment's file name: its binary rows */
const segmentName = (seq: number) => `seg-${seq}.pgcopy`;
const SIBLING_RE = /^port-\d+$/;
const LOG_EVERY_MS = 10_000;
/** how long a starting node waits for its directory's lock (held for a moment by a node adopting it) */
const LOCK_WAIT_MS = 2000;
const GONE = new Set(['ENOENT', 'ENOTDIR']);

/** the journal directory of the node listening on `port` (several nodes may share one DATA_DIR) */
export const journalDir = (dataDir: string, port: number) => join(dataDir, 'click-journal', `port-${port}`);

/** the values of a line of a segment written before the binary rows, in its order (`rowOf`), the time in epoch ms */
const FIELDS = 21;

type Line = [
  string,
  number,
  1 | 2,
  string | null,
  boolean,
  boolean,
  boolean,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  (string | null)[],
  Record<string, string> | null,
];

/** a line of an old segment read back; null for a line that is not whole */
function rowOf(text: string): ClickRow | null {
  let v: Line;
  try {
    v = JSON.parse(text) as Line;
  } catch {
    return null;
  }
  if (!Array.isArray(v) || v.length !== FIELDS || typeof v[0] !== 'string' || typeof v[1] !== 'number') return null;
  return {
    id: v[0],
    createdAt: new Date(v[1]),
    status: v[2],
    invalidReason: v[3],
    isUnique: v[4],
    isBot: v[5],
    isTest: v[6],
    campaignId: v[7],
    offerId: v[8],
    affiliateId: v[9],
    teamId: v[10],
    landerId: v[11],
    trafficSourceId: v[12],
    country: v[13],
    language: v[14],
    ip: v[15],
    userAgent: v[16],
    referrer: v[17],
    targetUrl: v[18],
    subs: v[19],
    params: v[20],
  };
}

/** the clicks of a segment file: its binary rows up to one cut short, or an old segment's whole lines */
export function readSegment(path: string): ClickRow[] {
  if (path.endsWith('.pgcopy')) return readClickRows(readFileSync(path)).rows;
  const rows: ClickRow[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const row = line ? rowOf(line) : null;
    if (row) rows.push(row);
  }
  return rows;
}

/** the segment files of a directory, oldest first */
function segmentsOf(dir: string): { name: string; seq: number; ext: string }[] {
  return readdirSync(dir)
    .map((name) => SEGMENT_RE.exec(name))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ name: m[0], seq: Number(m[1]), ext: m[2] }))
    .sort((a, b) => a.seq - b.seq);
}

const nextSeq = (found: { seq: number }[]) => (found.length ? found[found.length - 1].seq + 1 : 0);

/**
 * takes the node's own directory; a live holder is waited for a moment (a node adopting it as a stopped node's holds it
 * while it moves the segments, and may remove the directory), then refused
 */
function lockOwn(dir: string): void {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    mkdirSync(dir, { recursive: true });
    let heldBy: number;
    try {
      const lock = takePidLock(join(dir, 'lock'));
      if (!('heldBy' in lock)) return;
      heldBy = lock.heldBy;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      heldBy = 0; // the directory removed by a node that adopted it: made again
    }
    if (Date.now() >= until)
      throw new ClickJournalLockedError(
        `The click journal in ${dir} is in use by process ${heldBy}: two nodes on one machine need their own PORT (or DATA_DIR).`,
      );
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
  }
}

export class ClickJournal {
  /** the segments a killed process left, oldest first, with their clicks */
  readonly leftovers: { segment: Segment; rows: ClickRow[] }[] = [];
  /** clicks the journal could not take since start */
  failures = 0;
  private seq = 0;
  private fd: number | undefined;
  private path = '';
  /** the bytes of the open segment's whole rows */
  private size = 0;
  /** a failed write could not be cut back: the open segment takes no more rows */
  private broken = false;
  private loggedAt = 0;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly log: Log,
  ) {}

  /**
   * takes the directory (its lock), moves in what killed nodes of this machine left in their own (`adopt`) and reads
   * what is there: the leftovers
   */
  static open(dir: string, log: Log): ClickJournal {
    lockOwn(dir);
    const journal = new ClickJournal(dir, log);
    journal.seq = nextSeq(segmentsOf(dir));
    journal.adopt();
    for (const f of segmentsOf(dir)) {
      const segment = join(dir, f.name);
      const rows = readSegment(segment);
      if (rows.length) journal.leftovers.push({ segment, rows });
      else journal.cut(segment);
    }
    return journal;
  }

  /**
   * The segments of the sibling directories (`port-*`) whose lock is free — a node killed on a port no node listens on
   * any more — are moved into this one under new names, after this node's own, and each such directory goes. A
   * directory locked by a live process (another node of this machine) is never touched. Of two nodes starting at once
   * the lock decides who adopts, and a segment moves by one rename, which only one process can win.
   */
  private adopt(): void {
    const parent = dirname(this.dir);
    for (const name of readdirSync(parent)) {
      const sibling = join(parent, name);
      if (!SIBLING_RE.test(name) || sibling === this.dir) continue;
      let lock: ReturnType<typeof takePidLock>;
      try {
        lock = takePidLock(join(sibling, 'lock'), { selfHolds: true });
      } catch (err) {
        // gone meanwhile (another node adopted it), or not a directory
        if (!GONE.has((err as NodeJS.ErrnoException).code ?? ''))
          this.log.error({ err, dir: sibling }, 'click journal: a sibling could not be locked');
        continue;
      }
      if ('heldBy' in lock) continue;
      let moved = 0;
      try {
        for (const f of segmentsOf(sibling)) {
          try {
            renameSync(join(sibling, f.name), join(this.dir, `seg-${this.seq}.${f.ext}`));
            this.seq++;
            moved++;
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          }
        }
      } catch (err) {
        // what is left there waits for a later start
        this.log.error({ err, dir: sibling }, 'click journal: the segments of a stopped node could not all be moved');
      }
      lock.release();
      try {
        rmdirSync(sibling);
      } catch {
        // not empty: a node started on its port meanwhile, or a segment stayed
      }
      if (moved)
        this.log.info?.({ dir: sibling, segments: moved }, 'click journal: the segments of a node stopped on another port adopted');
    }
  }

  /**
   * `count` clicks' binary rows into the open segment: one `write`, no fsync; never throws. A write that fails is cut
   * back to the rows before it (a segment is read up to its first row cut short), and its clicks are counted as failed.
   */
  write(rows: Uint8Array, count: number): void {
    if (!count) return;
    try {
      if (this.broken) throw new Error('the segment could not be cut back after a failed write');
      if (this.fd === undefined) {
        this.path = join(this.dir, segmentName(this.seq));
        this.fd = openSync(this.path, 'a');
        this.size = 0;
      }
      const wrote = writeSync(this.fd, rows);
      if (wrote < rows.length) throw new Error(`short write: ${wrote} of ${rows.length} bytes (disk full?)`);
      this.size += wrote;
    } catch (err) {
      if (this.fd !== undefined && !this.broken) this.cutBack();
      this.failures += count;
      const now = Date.now();
      if (now - this.loggedAt >= LOG_EVERY_MS) {
        this.loggedAt = now;
        this.log.error({ err, failures: this.failures }, 'click journal write failed: the click is answered and held in memory only');
      }
    }
  }

  /** the open segment back to its whole rows */
  private cutBack(): void {
    try {
      ftruncateSync(this.fd!, this.size);
    } catch {
      this.broken = true;
    }
  }

  /** closes the open segment (the writer sealed its batch) and answers it; null when the batch took none */
  seal(): Segment | null {
    this.broken = false;
    if (this.fd === undefined) return this.path && existsSync(this.path) ? this.next() : null;
    try {
      closeSync(this.fd);
    } catch {
      // the segment stays as written
    }
    this.fd = undefined;
    return this.next();
  }

  private next(): Segment {
    const sealed = this.path;
    this.path = '';
    this.seq++;
    return sealed;
  }

  /** the segment's batch is stored (or given up): its file goes */
  cut(segment: Segment | null | undefined): void {
    if (!segment) return;
    try {
      unlinkSync(segment);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.error({ err, segment }, 'click journal: a stored segment could not be removed');
    }
  }

  /** after the writer's last flush: the open segment (empty after a graceful stop) and the lock go */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const open = this.fd !== undefined || this.path ? this.seal() : null;
    if (open && !readSegment(open).length) this.cut(open);
    rmSync(join(this.dir, 'lock'), { force: true });
  }
}
