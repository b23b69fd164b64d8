import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client';

describe('embedded database lock', () => {
  it('refuses a data directory held by another live process and takes over a dead one', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'leadgrid-lock-')), 'pglite');
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);

    writeFileSync(`${dir}.lock`, '999999999');
    const db = await openDatabase({ dataDir: dir });
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    // a fresh on-disk PGlite takes seconds to create, more on a busy machine
  }, 120_000);
});
