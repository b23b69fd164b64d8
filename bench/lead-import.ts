/**
 * The lead import of a generated file (issue 19, docs/decisions/engine.md "Lead edit and import"):
 *   DATABASE_URL=postgres://... npx tsx bench/lead-import.ts [--rows 100000]
 * Boots the app on a fresh database, uploads a generated CSV of `rows` leads (1% with a bad e-mail, 1% repeating an
 * earlier phone) through `POST /lead-imports`, starts a store-only import and runs its job; meanwhile an authenticated
 * call is made every 100 ms to see whether the server still answers. Prints the time of each step, the rows per
 * second, the outcomes (which must add up to the file) and the slowest answer of the probe during the import.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { MemoryMailer } from '../apps/server/src/lib/mailer';
import { DiskStorage } from '../apps/server/src/lib/storage';
import { LEAD_IMPORT_JOB } from '../apps/server/src/modules/engine/lead-import';

const { values } = parseArgs({ options: { rows: { type: 'string' } } });
const ROWS = Number(values.rows ?? 100_000);
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('DATABASE_URL must name a PostgreSQL server');
const DB_NAME = `leadgrid_bench_import_${process.pid}`;
const PASSWORD = 'bench-pass-1';

function generated(n: number): Buffer {
  const lines = ['first_name,phone,email,country,date,sub1'];
  for (let i = 1; i <= n; i++) {
    const phone = i % 100 === 0 ? `+48601${String(100000 + i - 50).slice(-6)}` : `+48601${String(100000 + i).slice(-6)}`;
    const email = i % 100 === 1 ? 'broken-at-example' : `lead${i}@example.com`;
    lines.push(`Lead ${i},${phone},${email},PL,2025-0${(i % 9) + 1}-15 12:00,src-${i % 7}`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}

async function main() {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const u = new URL(url!);
  u.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ url: u.toString(), poolSize: 6 });
  try {
    await migrateDatabase(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_EMAIL: 'admin@bench.local',
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-12',
      UPLOAD_DIR: await mkdtemp(join(tmpdir(), 'leadgrid-bench-import-')),
      LOG_LEVEL: 'silent',
    });
    const seeded = await seed(database.db, config);
    const queue = createJobQueue(database, { info: () => undefined, warn: () => undefined, error: () => undefined });
    const app = await buildApp({
      config,
      database,
      jwtSecret: seeded.jwtSecret,
      mailer: new MemoryMailer(),
      storage: new DiskStorage(config.UPLOAD_DIR!),
      queue,
      now: () => new Date(),
    });
    await app.ready();
    await queue.start({ workers: false });
    const q = (text: string) => database.query<Record<string, unknown>>(text, []);
    await q(`INSERT INTO verticals (title, status) VALUES ('Bench vertical', 'active')`);
    await q(
      `INSERT INTO offers (title, status, access_type, vertical_id) SELECT 'Bench offer', 'active', 1, (SELECT id FROM verticals LIMIT 1)`,
    );
    await q(
      `INSERT INTO users (secure_id, email, password_hash, role_id, first_name, last_name, status)
       SELECT md5(random()::text), 'bench-aff@bench.local', 'x', (SELECT id FROM roles WHERE type = 'affiliate' AND system LIMIT 1), 'Bench', 'Affiliate', 'active'`,
    );
    const offerId = Number((await q(`SELECT id FROM offers LIMIT 1`)).rows[0].id);
    const affiliateId = Number((await q(`SELECT id FROM users WHERE email = 'bench-aff@bench.local'`)).rows[0].id);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'admin@bench.local', password: PASSWORD },
    });
    const token = login.json().data.token as string;
    const auth = { authorization: `Bearer ${token}` };

    const file = generated(ROWS);
    const boundary = '----bench' + Date.now();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench.csv"\r\ncontent-type: text/csv\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let t = Date.now();
    const up = await app.inject({
      method: 'POST',
      url: '/api/v1/lead-imports',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (up.statusCode !== 200) throw new Error(`upload: ${up.body}`);
    const draft = up.json().data.items[0];
    const uploadMs = Date.now() - t;
    const started = await app.inject({
      method: 'POST',
      url: `/api/v1/lead-imports/${draft.id}/start`,
      headers: auth,
      payload: { offerId, affiliateId, mapping: draft.suggested, distribute: false },
    });
    if (started.statusCode !== 200) throw new Error(`start: ${started.body}`);

    // the probe: an authenticated call every 100 ms while the job runs
    let slowest = 0;
    let probes = 0;
    let running = true;
    const probe = (async () => {
      while (running) {
        const p0 = Date.now();
        await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth });
        slowest = Math.max(slowest, Date.now() - p0);
        probes++;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    t = Date.now();
    // a job hands over to its continuation at its time budget: run them until the import ends
    for (let state = 'running'; state === 'running' || state === 'pending';) {
      await queue.runDue(LEAD_IMPORT_JOB);
      state = String((await q(`SELECT status FROM lead_imports WHERE id = ${draft.id}`)).rows[0].status);
    }
    const runMs = Date.now() - t;
    running = false;
    await probe;
    const state = (await app.inject({ method: 'GET', url: `/api/v1/lead-imports/${draft.id}`, headers: auth })).json().data.items[0];
    const report = await app.inject({ method: 'GET', url: `/api/v1/lead-imports/${draft.id}/report`, headers: auth });
    const reportLines = report.body.split('\r\n').filter(Boolean).length - 1;
    const leads = Number((await q(`SELECT count(*) AS n FROM leads WHERE import_id = ${draft.id}`)).rows[0].n);
    const load = (await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(', ');
    console.log(
      JSON.stringify(
        {
          rows: ROWS,
          fileMB: +(file.length / 1024 / 1024).toFixed(1),
          uploadSeconds: +(uploadMs / 1000).toFixed(1),
          importSeconds: +(runMs / 1000).toFixed(1),
          rowsPerSecond: Math.round(ROWS / (runMs / 1000)),
          status: state.status,
          accepted: state.accepted,
          duplicates: state.duplicates,
          invalid: state.invalid,
          reportLines,
          leadsStored: leads,
          probes,
          slowestProbeMs: slowest,
          loadAverage: load,
        },
        null,
        2,
      ),
    );
    await queue.stop();
    await app.close();
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
