/**
 * The click journal (architecture §5 Click, step 6; docs/decisions/engine.md "A local click journal"): a click is
 * answered before the batch writer (click-writer.ts) stores it, so each click is first appended to a file of this
 * node's own, in one `write` call and without fsync. A process killed (SIGKILL, out of memory) leaves its writes in the
 * kernel's page cache, hence on disk; a machine that loses power may lose the last seconds of them (not covered).
 * - One file (segment) a batch: the writer seals its open batch, the journal closes that batch's segment and the next
 *   click opens a new one; the writer removes a batch's segment once the batch is committed (`cut`). So the directory
 *   holds only the clicks not known to be stored, and a graceful stop, which writes every batch, leaves it empty.
 * - At start the segments left by a killed process are read back (`leftovers`) and queued to the writer as batches of
 *   their own, written by its own insert path: a click already stored is skipped by its id (the insert's conflict
 *   target), and a unique click is confirmed against `click_visitors` as any other.
 * - The directory is the node's own: DATA_DIR/click-journal/port-<PORT> (two nodes of one machine listen on two ports),
 *   guarded by a lock file naming the owner's pid (a second process on it refuses to start; a dead owner's is taken).
 * - A click the journal cannot take (disk full, I/O error) is answered and kept in memory as before the journal: the
 *   visitor is not refused for a protection against a crash; the failure is counted and logged (at most every 10 s).
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

interface Log {
  error(obj: object, msg: string): void;
}

/** what the journal keeps of a click: the writer's row (click-writer.ts `ClickRow`), its time read back as a Date */
interface Row {
  createdAt: Date;
}

/** a sealed segment: the file of one batch, removed once the batch is stored */
export type Segment = string;

export class ClickJournalLockedError extends Error {}

const SEGMENT_RE = /^seg-(\d+)\.jsonl$/;
const LOG_EVERY_MS = 10_000;

/** the journal directory of the node listening on `port` (several nodes may share one DATA_DIR) */
export const journalDir = (dataDir: string, port: number) => join(dataDir, 'click-journal', `port-${port}`);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** the clicks of a segment file; a line cut short (the process killed in its write, a failed write) is skipped */
function readSegment<R extends Row>(path: string): R[] {
  const rows: R[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      const row = JSON.parse(line) as Omit<R, 'createdAt'> & { createdAt: string };
      rows.push({ ...row, createdAt: new Date(row.createdAt) } as R);
    } catch {
      // not a whole line
    }
  }
  return rows;
}

export class ClickJournal<R extends Row> {
  /** the segments a killed process left, oldest first, with their clicks */
  readonly leftovers: { segment: Segment; rows: R[] }[] = [];
  /** clicks the journal could not take since start */
  failures = 0;
  private seq = 0;
  private fd: number | undefined;
  private path = '';
  /** the last append failed: the next one starts on a line of its own */
  private broken = false;
  private loggedAt = 0;
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly log: Log,
  ) {}

  /** takes the directory (its lock) and reads what a killed process left in it */
  static open<R extends Row>(dir: string, log: Log): ClickJournal<R> {
    mkdirSync(dir, { recursive: true });
    const lock = join(dir, 'lock');
    if (existsSync(lock)) {
      const pid = Number(readFileSync(lock, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid))
        throw new ClickJournalLockedError(
          `The click journal in ${dir} is in use by process ${pid}: two nodes on one machine need their own PORT (or DATA_DIR).`,
        );
    }
    writeFileSync(lock, String(process.pid));
    const journal = new ClickJournal<R>(dir, log);
    const found = readdirSync(dir)
      .map((name) => SEGMENT_RE.exec(name))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => ({ name: m[0], seq: Number(m[1]) }))
      .sort((a, b) => a.seq - b.seq);
    for (const f of found) {
      const segment = join(dir, f.name);
      const rows = readSegment<R>(segment);
      if (rows.length) journal.leftovers.push({ segment, rows });
      else journal.cut(segment);
      journal.seq = f.seq + 1;
    }
    return journal;
  }

  /** the click into the open segment, before its answer: one `write`, no fsync; never throws */
  append(row: R): void {
    try {
      if (this.fd === undefined) {
        this.path = join(this.dir, `seg-${this.seq}.jsonl`);
        this.fd = openSync(this.path, 'a');
      }
      const line = `${this.broken ? '\n' : ''}${JSON.stringify(row)}\n`;
      this.broken = true;
      const bytes = Buffer.byteLength(line);
      const wrote = writeSync(this.fd, line);
      if (wrote < bytes) throw new Error(`short write: ${wrote} of ${bytes} bytes (disk full?)`);
      this.broken = false;
    } catch (err) {
      this.failures++;
      const now = Date.now();
      if (now - this.loggedAt >= LOG_EVERY_MS) {
        this.loggedAt = now;
        this.log.error({ err, failures: this.failures }, 'click journal write failed: the click is answered and held in memory only');
      }
    }
  }

  /** closes the open segment (the writer sealed its batch) and answers it; null when the batch took none */
  seal(): Segment | null {
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
