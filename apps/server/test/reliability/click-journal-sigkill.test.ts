/**
 * Reliability (issue 22): no acknowledged click is lost when the server is killed. The real server (its own process, on
 * a fresh data directory and database) writes its click batches every 10 s, so the clicks it answered are all still
 * unwritten when it is killed (SIGKILL) right after its last 302; started again on another port, it adopts and replays
 * the killed port's click journal (modules/engine/tracking/click-journal.ts), and after a graceful stop every
 * acknowledged click id is stored exactly once and the journal is empty. Once on embedded PGlite, once on PostgreSQL
 * (DATABASE_URL, or else the local default server when it answers).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { journalDir } from '../../src/modules/engine/tracking/click-journal';
import { BASE_URL, freePort, hasPg, serverProcess } from '../server-process';

if (!hasPg) console.warn(`click journal SIGKILL test on PostgreSQL skipped: no DATABASE_URL and no PostgreSQL at ${BASE_URL}`);

const ADMIN = { email: 'journal@leadgrid.local', password: 'journal-test-password' };
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CLICKS = 300;

function suite(label: string, onPg: boolean) {
  describe.skipIf(onPg && !hasPg)(`SIGKILL right after the answers (${label})`, () => {
    const server = serverProcess('journal', {
      ...(onPg ? {} : { DATABASE_URL: '' }),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'journal-test-secret-journal-test-secret',
      TRUST_PROXY: 'loopback',
      CLICK_FLUSH_MS: '10000',
    });
    let pgDatabase: Database | undefined;

    beforeAll(async () => {
      pgDatabase = await server.setUp();
    }, 90_000);
    afterAll(() => server.tearDown(), 60_000);

    const base = () => `http://127.0.0.1:${server.port}`;
    async function api<T>(token: string, method: string, path: string, body: unknown): Promise<T> {
      const res = await fetch(`${base()}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    }
    const create = async <T = { id: number }>(token: string, path: string, item: unknown) =>
      (await api<{ items: T[] }>(token, 'PUT', path, { items: [item] })).items[0];

    it('stores every acknowledged click once after the restart, and the journal ends empty', async () => {
      const { token } = await api<{ token: string }>('', 'POST', '/auth/login', ADMIN);
      const vertical = await create(token, '/verticals', { title: 'Journal vertical' });
      const offer = await create(token, '/offers', { title: 'Journal offer', verticalId: vertical.id, status: 'active', accessType: 1 });
      await create(token, '/landers', { offerId: offer.id, title: 'Journal lander', targetUrl: 'https://lander.example/?cid={click_id}' });
      const affiliate = await create(token, '/affiliates', {
        email: 'journal-aff@leadgrid.local',
        firstName: 'J',
        password: 'journal-pass-1',
      });
      const campaign = await create<{ id: number; key: string }>(token, '/campaigns', {
        title: 'Journal campaign',
        offerId: offer.id,
        affiliateId: affiliate.id,
      });

      // 300 clicks, 10 at a time, from 100 visitors (so some are unique candidates); each 302 names its click id
      const acknowledged: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next < CLICKS) {
            const i = next++;
            const res = await fetch(`${base()}/c/${campaign.key}?sub1=k${i}`, {
              headers: { 'user-agent': BROWSER, 'x-forwarded-for': `10.9.${i % 100}.1` },
              redirect: 'manual',
            });
            expect(res.status).toBe(302);
            acknowledged.push(new URL(res.headers.get('location')!).searchParams.get('cid')!);
          }
        }),
      );
      await server.kill();
      // nothing was written yet (the batch waits 10 s): the clicks are in the journal only
      const killedDir = journalDir(server.dataDir, server.port);
      expect(readdirSync(killedDir).filter((f) => f.startsWith('seg-')).length).toBeGreaterThan(0);

      // started again on another port: it adopts the killed port's journal and removes its directory
      server.port = await freePort();
      await server.start();
      expect(existsSync(killedDir)).toBe(false);
      await server.stop();
      expect(readdirSync(journalDir(server.dataDir, server.port))).toEqual([]);

      const database = pgDatabase ?? (await openDatabase({ dataDir: join(server.dataDir, 'pglite') }));
      try {
        const { rows } = await database.query<{ id: string; n: string }>(
          'select id::text as id, count(*) as n from clicks where campaign_id = $1 group by id order by id',
          [campaign.id],
        );
        expect(rows.map((r) => r.id)).toEqual([...acknowledged].sort());
        expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
        const unique = await database.query<{ n: string }>('select count(*) as n from clicks where campaign_id = $1 and is_unique', [
          campaign.id,
        ]);
        expect(Number(unique.rows[0].n)).toBe(100);
      } finally {
        if (!pgDatabase) await database.close();
      }
    }, 180_000);
  });
}

suite('embedded PGlite', false);
suite('PostgreSQL', true);
