/**
 * A lock file naming its owner's pid, for what belongs to one process on a machine (the embedded database's data
 * directory, a node's click journal): taken when free, or when its owner is dead (a crash, SIGKILL).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** takes the lock at `path` and answers how to let it go, or the pid of the live process that holds it */
export function takePidLock(path: string): { release: () => void } | { heldBy: number } {
  if (existsSync(path)) {
    const pid = Number(readFileSync(path, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) return { heldBy: pid };
  }
  writeFileSync(path, String(process.pid));
  return { release: () => rmSync(path, { force: true }) };
}
