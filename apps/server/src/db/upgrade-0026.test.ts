/**
 * An existing database upgraded to day-partitioned clicks (migration 0026, docs/decisions/engine.md "Clicks
 * partitioned by day"): a database migrated up to 0025 and holding clicks and postback logs is migrated on. Its rows
 * stay (attached as one partition, not copied, reaching to the end of the upgrade's day), a click stored before is
 * still found by its id even when its created_at was read a little apart from its id's time, and a later click goes to
 * its day's partition.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clickIdIs } from '../modules/engine/clicks/click-lookup';
import { uuidv7At } from '../modules/engine/tracking/uuid';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, rowsOf, type Database } from './client';

/** the migrations folder cut after `last` (its journal's later entries left out) */
function historyUpTo(last: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'leadgrid-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === last);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** a fresh empty database of the kind the suite runs on (PostgreSQL when DATABASE_URL is set, else embedded) */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `leadgrid_upgrade_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const { database, drop } = await freshDatabase();
const folder = historyUpTo('0025_click_visitors');
afterAll(async () => {
  await drop();
  rmSync(folder, { recursive: true, force: true });
});

const db = database.db;
const DAY = 86_400_000;

describe('the upgrade to day-partitioned clicks (0026)', () => {
  it('keeps the clicks and logs stored before, finds an old click by its id, and puts a later click in its day', async () => {
    await migrateDatabase(database, folder);
    const old = new Date(Date.now() - 3 * DAY);
    // one click whose created_at is its id's time, one read 40 ms after its id's (the generator's carry-over)
    const exact = uuidv7At(old.getTime());
    const apart = uuidv7At(old.getTime() + 1_000);
    await db.execute(sql`insert into clicks (id, created_at, status) values
      (${exact}::uuid, ${old.toISOString()}::timestamptz, 1),
      (${apart}::uuid, ${new Date(old.getTime() + 1_040).toISOString()}::timestamptz, 2)`);
    await db.execute(
      sql`insert into system_logs (created_at, type, entity, success) values (${old.toISOString()}::timestamptz, 'out', 'affiliate', true)`,
    );

    await migrateDatabase(database);

    const where = rowsOf<{ p: string; n: string }>(
      await db.execute(sql`select tableoid::regclass::text as p, count(*)::text as n from clicks group by 1`),
    );
    expect(where).toEqual([{ p: 'clicks_before_0026', n: '2' }]);
    expect(rowsOf(await db.execute(sql`select 1 from system_logs`))).toHaveLength(1);
    for (const id of [exact, apart]) expect(rowsOf(await db.execute(sql`select id from clicks where ${clickIdIs(id)}`))).toHaveLength(1);

    // the partition of the clicks before reaches to the end of today; a click of tomorrow goes to tomorrow's partition
    const now = new Date(Date.now() + DAY);
    const fresh = uuidv7At(now.getTime());
    await db.execute(sql`insert into clicks (id, created_at, status) values (${fresh}::uuid, ${now.toISOString()}::timestamptz, 1)`);
    const [{ p }] = rowsOf<{ p: string }>(
      await db.execute(sql`select tableoid::regclass::text as p from clicks where ${clickIdIs(fresh)}`),
    );
    expect(p).toBe(`clicks_p${now.toISOString().slice(0, 10).replaceAll('-', '')}`);
    // the key is (id, created_at): the same click written again is skipped, as the writer's insert does
    await db.execute(
      sql`insert into clicks (id, created_at, status) values (${fresh}::uuid, ${now.toISOString()}::timestamptz, 1) on conflict (id, created_at) do nothing`,
    );
    expect(rowsOf(await db.execute(sql`select 1 from clicks where ${clickIdIs(fresh)}`))).toHaveLength(1);
  });
});
