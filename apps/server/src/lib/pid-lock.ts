/**
 * A lock file naming its owner's pid, for what belongs to one process on a machine (the embedded database's data
 * directory, a node's click journal): taken when free, or when its owner is dead (a crash, SIGKILL).
 * Two processes taking the same lock at once (two nodes adopting a dead node's click journal) get it once: the file
 * appears whole by a hard link that fails when it exists, and a dead owner's file is first moved aside under a name of
 * the taker's own (a rename only one of them wins), then taken as a free lock.
 */
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** the pid a lock file names; 0 for a file gone or not a pid */
function ownerOf(path: string): number {
  try {
    return Number(readFileSync(path, 'utf8').trim()) || 0;
  } catch {
    return 0;
  }
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** creates the lock file whole, or answers false when it exists */
function create(path: string): boolean {
  const own = `${path}.${process.pid}`;
  writeFileSync(own, String(process.pid));
  try {
    linkSync(own, path);
    return true;
  } catch (err) {
    if (code(err) === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * takes the lock at `path` and answers how to let it go, or the pid of the live process that holds it; `selfHolds`:
 * a lock this very process holds counts as held (taking another part's lock), not as taken again
 */
export function takePidLock(path: string, { selfHolds = false } = {}): { release: () => void } | { heldBy: number } {
  const release = () => {
    if (ownerOf(path) === process.pid) rmSync(path, { force: true });
  };
  for (let tries = 0; tries < 100; tries++) {
    if (create(path)) return { release };
    const pid = ownerOf(path);
    if (pid === process.pid) return selfHolds ? { heldBy: pid } : { release };
    if (pid && isAlive(pid)) return { heldBy: pid };
    // a dead owner's lock (or a file that names none)
    const aside = `${path}.${process.pid}.dead`;
    try {
      renameSync(path, aside);
    } catch (err) {
      if (code(err) === 'ENOENT') continue; // another process moved it first
      throw err;
    }
    const moved = ownerOf(aside);
    if (moved && moved !== pid && moved !== process.pid && isAlive(moved)) {
      // the lock another process took between our read and our rename: given back
      try {
        linkSync(aside, path);
      } catch {
        // a third process took it meanwhile
      }
      rmSync(aside, { force: true });
      return { heldBy: moved };
    }
    rmSync(aside, { force: true });
  }
  throw new Error(`The lock ${path} could not be taken: it changes hands too often`);
}
