/** PGlite's start settings: shared by the embedded database on the request thread and on its own thread (pglite-worker.ts). */
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's own settings (docs/decisions/platform.md, "Lean start"). Its defaults are a server's: 128 MB of buffers and
 * room for 100 connections, all initialised at start, in a WebAssembly memory that never shrinks. One process holds its
 * one connection; the operating system's file cache stays behind the buffers.
 */
export function pgliteStartParams(sharedBuffers = '16MB'): string[] {
  const settings = [`shared_buffers=${sharedBuffers}`, 'max_connections=5', 'wal_buffers=1MB', 'maintenance_work_mem=16MB'];
  return [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])];
}

/**
 * V8 compiles a WebAssembly function with its baseline compiler and tiers it up to its optimising one once the function
 * has run a budget of code (1.8 MB of bytes executed by default). Opening PGlite runs thousands of PostgreSQL's functions
 * a few times each, so at the default budget about 0.6 s of CPU went to optimising code the start never runs again, on
 * the same two cores as the server's start; ten times the budget leaves that to the functions that stay hot (the
 * executor, the buffer manager, the WAL), which still tier up under load. Measured (bench/RESULTS.md, "Session 19"):
 * a restart 0.4 s sooner, and the lead and click rows no slower. The flag is the process's: it is set by the
 * entries that run PGlite on a thread or process of their own (pglite-worker.ts, pglite-prepare.ts), before PGlite
 * compiles its module (docs/decisions/platform.md, "A restart under 3 s on the embedded database").
 */
export function deferWasmTierUp(): void {
  setFlagsFromString('--wasm-tiering-budget=18000000');
}
