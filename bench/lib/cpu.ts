/**
 * CPU time actually spent by the app process and by the PostgreSQL backends serving the bench database, read from
 * /proc (Linux). On a loaded machine the requests per second depend on what else runs; the CPU milliseconds per
 * request do not (much), so they tell how far a target is from reachable on an idle machine.
 */
import { readFileSync } from 'node:fs';
import type { Query } from './types';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** user + system CPU of a process in ms, or 0 when it is gone (or not Linux) */
export function processCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

export interface CpuSnapshot {
  app: number;
  backends: Map<number, number>;
}

/** the app's CPU and that of every backend connected to the current database (the app's pool and the bench's) */
export async function cpuSnapshot(appPid: number | undefined, query: Query | undefined): Promise<CpuSnapshot> {
  const backends = new Map<number, number>();
  if (query) {
    const { rows } = await query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
    for (const { pid } of rows) backends.set(pid, processCpuMs(pid));
  }
  return { app: processCpuMs(appPid), backends };
}

/** CPU ms spent between two snapshots: the app, and PostgreSQL (backends that started meanwhile count from zero) */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): { app: number; db: number } {
  let db = 0;
  for (const [pid, ms] of after.backends) db += ms - (before.backends.get(pid) ?? 0);
  return { app: after.app - before.app, db };
}
