/** PGlite's start settings: shared by the embedded database on the request thread and on its own thread (pglite-worker.ts). */
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
