/**
 * Three app nodes on one PostgreSQL behind HAProxy (issue 22; outside CI: `npm run bench:nodes`, run as root, since it
 * installs Debian's haproxy when missing). It builds the server (`npm start`'s compiled JavaScript), makes a fresh
 * database, starts the bench's partner process (a local advertiser API and affiliate postback receiver), three nodes
 * with every role (NODE_ROLES) and HAProxy in front of them (round robin), then runs the business flow through the
 * balancer and shows, each as a PASS or FAIL line with its figures:
 *  1. caps exact across nodes: 600 leads at 30 connections on an offer with a 200-lead daily cap;
 *  2. unique clicks counted once: 5 visitors clicking 9 times each, their clicks spread over the nodes;
 *  3. an offer paused through one node stops its clicks on the two others within 1 s;
 *  4. every job done exactly once: 300 inbound postbacks sent twice each (one conversion each, one outbound postback
 *     each, delivered by whichever node's worker took it);
 *  5. a server-sent event reaches a browser connected to another node than the one that made it (an export);
 *  6. under load (leads, clicks, postbacks through the balancer), one node stopped (SIGTERM): nothing acknowledged
 *     lost; then another killed (SIGKILL) and started again: nothing acknowledged lost either — a click is answered
 *     before the batch writer stores it, but after it is in the node's click journal (architecture §5 Click), which
 *     the node replays when it starts again. A lost acknowledged click is a FAIL.
 * Output: one PASS or FAIL line a check (bench/RESULTS.md "Three nodes behind a balancer" quotes the last run); exit
 * code 1 when any failed.
 *   NODES_PORT (4700: the balancer, the nodes the next three), BENCH_PARTNER_PORT (3901), PG_URL (postgres://postgres@127.0.0.1:5432)
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readSegment } from '../apps/server/src/modules/engine/tracking/click-journal';
import { apiClient } from './lib/api';
import { buildMarket, leadBody, sentLeads, type Market } from './lib/market';
import { PARTNER, PARTNER_PORT, partnerStats } from './lib/partner';
import { startProcess, stop, waitFor } from './lib/procs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LB_PORT = Number(process.env.NODES_PORT ?? 4700);
const NODE_PORTS = [LB_PORT + 1, LB_PORT + 2, LB_PORT + 3];
const LB = `http://127.0.0.1:${LB_PORT}`;
const nodeUrl = (i: number) => `http://127.0.0.1:${NODE_PORTS[i]}`;
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = `leadgrid_nodes_${process.pid}`;
const DATABASE_URL = `${PG_URL}/${DB}`;
const ADMIN = { email: 'admin@nodes.local', password: 'nodes-pass-123' };
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lines: string[] = [];
const failures: string[] = [];
function report(ok: boolean, what: string, figures: string) {
  const line = `${ok ? 'PASS' : 'FAIL'} ${what}: ${figures}`;
  console.log(line);
  lines.push(`- ${line}`);
  if (!ok) failures.push(what);
}

/** runs `work(i)` for i in [0, n) on `connections` loops at once */
async function pool(n: number, connections: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

const postLead = (base: string, m: Market, body: object) =>
  fetch(`${base}/api/v1/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': m.apiToken },
    body: JSON.stringify(body),
  });
const click = (base: string, key: string, ip: string) =>
  fetch(`${base}/c/${key}?sub1=nodes`, { headers: { 'user-agent': BROWSER, 'x-forwarded-for': ip }, redirect: 'manual' });

function ensureHaproxy() {
  try {
    execSync('command -v haproxy', { stdio: 'ignore' });
  } catch {
    console.log("installing Debian's haproxy");
    execSync('apt-get update -qq && apt-get install -y -qq haproxy', { stdio: 'inherit' });
  }
}

function haproxyConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), 'leadgrid-nodes-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(
    file,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      '  retries 3',
      '  option redispatch',
      // a request that never reached a node (refused connection) goes to another one; a request a node took is not
      // sent twice (a lead or a postback is not idempotent for the balancer)
      '  retry-on conn-failure',
      'frontend leadgrid',
      `  bind 127.0.0.1:${LB_PORT}`,
      '  option forwardfor',
      '  default_backend nodes',
      'backend nodes',
      '  balance roundrobin',
      ...NODE_PORTS.map((p, i) => `  server node${i + 1} 127.0.0.1:${p} check inter 300 fall 2 rise 2`),
      '',
    ].join('\n'),
  );
  return file;
}

const procs: ChildProcess[] = [];
/** the nodes' DATA_DIR (each keeps its click journal in its own click-journal/port-<PORT>) */
const dataDir = mkdtempSync(join(tmpdir(), 'leadgrid-nodes-data-'));
function startNode(i: number): ChildProcess {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(NODE_PORTS[i]),
      HOST: '127.0.0.1',
      DATABASE_URL,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'true',
      ALLOW_PRIVATE_CALLBACKS: '1',
      LOG_LEVEL: 'warn',
      NODE_ROLES: 'api,tracker,worker',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  procs[i] = child;
  return child;
}

async function main() {
  ensureHaproxy();
  execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'inherit' });
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const db = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
  const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    db.query(text, params) as unknown as Promise<{ rows: T[] }>;
  const count = async (text: string, params: unknown[] = []) => Number((await query<{ n: string }>(text, params)).rows[0]?.n ?? 0);

  const partner = startProcess(['bench/ceiling.ts'], { PORT: String(PARTNER_PORT) });
  let haproxy: ChildProcess | undefined;
  try {
    await waitFor(`${PARTNER}/stats/up`);
    // the first node migrates and seeds; the two others start on the migrated database
    startNode(0);
    await waitFor(`${nodeUrl(0)}/api/v1/auth/me`, 120_000);
    startNode(1);
    startNode(2);
    await Promise.all([waitFor(`${nodeUrl(1)}/api/v1/auth/me`, 120_000), waitFor(`${nodeUrl(2)}/api/v1/auth/me`, 120_000)]);
    haproxy = spawn('haproxy', ['-f', haproxyConfig(), '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(`${LB}/api/v1/auth/me`);
    await pause(1000); // the health checks see every node up

    const login = await fetch(`${LB}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const api = apiClient(LB, token);
    const nodeApi = (i: number) => apiClient(nodeUrl(i), token);

    // 1. caps
    {
      const m = await buildMarket(api, query, { capLimit: 200 });
      let ok2xx = 0;
      await pool(600, 30, async (i) => {
        const res = await postLead(LB, m, leadBody(m.campaignKey, m.stamp)(i));
        if (res.ok) ok2xx++;
        await res.arrayBuffer();
      });
      for (let end = Date.now() + 30_000; Date.now() < end; await pause(250))
        if (!(await count(`select count(*) as n from leads where offer_id = $1 and status = 'new'`, [m.offerId]))) break;
      const sent = await count(`select count(*) as n from leads where offer_id = $1 and status = 'sent'`, [m.offerId]);
      const stored = await count('select count(*) as n from leads where offer_id = $1', [m.offerId]);
      const advertiser = await partnerStats(`advertiser/${m.stamp}`);
      report(
        sent === 200 && advertiser.received === 200 && stored === ok2xx,
        'caps exact across three nodes',
        `600 leads through the balancer, ${ok2xx} answered 2xx, ${stored} stored, ${sent} sent through a 200 cap, the advertiser got ${advertiser.received}`,
      );
    }

    // 2. unique clicks
    {
      const m = await buildMarket(api, query);
      for (let round = 0; round < 9; round++)
        for (let v = 1; v <= 5; v++) {
          const res = await click(LB, m.campaignKey, `10.9.0.${v}`);
          if (res.status !== 302) throw new Error(`a click answered ${res.status}`);
        }
      await pause(1000);
      const total = await count('select count(*) as n from clicks where campaign_id = $1', [m.campaignId]);
      const unique = await count('select count(*) as n from clicks where campaign_id = $1 and is_unique', [m.campaignId]);
      report(
        unique === 5 && total === 45,
        'unique clicks counted once across nodes',
        `45 clicks of 5 visitors, round robin over 3 nodes: ${total} stored, ${unique} unique`,
      );
    }

    // 3. an offer paused through node 1 stops its clicks on nodes 2 and 3
    {
      const m = await buildMarket(api, query);
      for (const i of [1, 2]) {
        const res = await click(nodeUrl(i), m.campaignKey, '10.9.1.1');
        if (res.status !== 302) throw new Error(`node ${i + 1} answered ${res.status} before the pause`);
      }
      const pausedAt = Date.now();
      await nodeApi(0).call('POST', '/offers/change_status', { items: [{ id: m.offerId, status: 'inactive' }] });
      const stoppedAfter = await Promise.all(
        [1, 2].map(async (i) => {
          for (;;) {
            const res = await click(nodeUrl(i), m.campaignKey, '10.9.1.2');
            if (res.status !== 302 || !(res.headers.get('location') ?? '').startsWith('https://lander.example/'))
              return Date.now() - pausedAt;
            if (Date.now() - pausedAt > 10_000) return Infinity;
            await pause(10);
          }
        }),
      );
      report(
        stoppedAfter.every((ms) => ms <= 1000),
        'an offer paused through one node stops its clicks on the others within 1 s',
        `node 2 after ${stoppedAfter[0]} ms, node 3 after ${stoppedAfter[1]} ms (from the request to node 1, its answer included)`,
      );
    }

    // 4. jobs exactly once
    {
      const m = await buildMarket(api, query, { affiliatePostbackTag: 'nodes' });
      await query(`update postbacks set url = replace(url, '/affiliate/nodes?', $1) where affiliate_id = $2`, [
        `/affiliate/${m.stamp}?`,
        m.affiliateId,
      ]);
      const ids = await sentLeads(query, m, 300);
      let ok2xx = 0;
      await pool(600, 20, async (i) => {
        const res = await fetch(`${LB}/postback/${m.postbackKey}?lead_id=${ids[i % 300]}&payout=55.5&currency=USD`);
        if (res.ok) ok2xx++;
        await res.arrayBuffer();
      });
      const end = Date.now() + 30_000;
      let got = await partnerStats(`affiliate/${m.stamp}`);
      while (got.distinct < 300 && Date.now() < end) {
        await pause(250);
        got = await partnerStats(`affiliate/${m.stamp}`);
      }
      await pause(2000); // a second delivery of one postback would arrive meanwhile
      got = await partnerStats(`affiliate/${m.stamp}`);
      const conversions = await count('select count(*) as n from conversions where offer_id = $1', [m.offerId]);
      report(
        conversions === 300 && got.distinct === 300 && got.received === 300,
        'every job done exactly once',
        `600 inbound postbacks (each lead twice, over 3 nodes), ${ok2xx} answered 2xx: ${conversions} conversions, the affiliate receiver got ${got.received} outbound postbacks for ${got.distinct} conversions`,
      );
    }

    // 5. a server-sent event reaches a browser on another node
    {
      const { token: eventsToken } = await nodeApi(0).call<{ token: string }>('POST', '/events/token');
      const controller = new AbortController();
      const stream = await fetch(`${nodeUrl(1)}/api/v1/events?token=${encodeURIComponent(eventsToken)}`, { signal: controller.signal });
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const startedAt = Date.now();
      const [made] = (await nodeApi(2).call<{ items: { id: number }[] }>('POST', '/exports', { type: 'leads', query: {} })).items;
      let seenAfter = Infinity;
      while (Date.now() - startedAt < 20_000) {
        const chunk = await Promise.race([reader.read(), pause(20_000).then(() => ({ done: true, value: undefined }))]);
        if (chunk.done) break;
        text += decoder.decode(chunk.value as Uint8Array);
        if (new RegExp(`"id":${made.id}[,}]`).test(text)) {
          seenAfter = Date.now() - startedAt;
          break;
        }
      }
      controller.abort();
      report(
        seenAfter < 20_000,
        'a server-sent event reaches a browser connected to another node',
        `the stream on node 2 got export ${made.id}'s event (the export started through node 3, run by a worker) ${seenAfter} ms after the start`,
      );
    }

    // 6. under load: node 3 stopped (SIGTERM), then node 2 killed (SIGKILL) and started again (its journal replayed)
    const underLoad = async (what: string, act: () => Promise<void>, after?: () => Promise<void>) => {
      const m = await buildMarket(api, query, { affiliatePostbackTag: 'load' });
      const ids = await sentLeads(query, m, 20_000);
      const ackLeads: number[] = [];
      const ackClicks: string[] = [];
      const ackPostbacks: number[] = [];
      let failed = 0;
      const until = Date.now() + 7000;
      const loop = async (kind: 'lead' | 'click' | 'postback', n: number) => {
        for (let i = n; Date.now() < until; i += 100) {
          try {
            if (kind === 'lead') {
              const res = await postLead(LB, m, leadBody(m.campaignKey, m.stamp)(i));
              const body = (await res.json()) as { data?: { id?: number } };
              if (res.ok && body.data?.id) ackLeads.push(body.data.id);
              else failed++;
            } else if (kind === 'click') {
              const res = await click(LB, m.campaignKey, `10.8.${i % 250}.${n}`);
              const id = /click_id=([0-9a-f-]{36})/.exec(res.headers.get('location') ?? '')?.[1];
              if (res.status === 302 && id) ackClicks.push(id);
              else failed++;
            } else {
              const lead = ids[(i * 7 + n) % ids.length];
              const res = await fetch(`${LB}/postback/${m.postbackKey}?lead_id=${lead}&payout=10&currency=USD`);
              await res.arrayBuffer();
              if (res.ok) ackPostbacks.push(lead);
              else failed++;
            }
          } catch {
            failed++;
          }
        }
      };
      const loops = [
        ...Array.from({ length: 8 }, (_, n) => loop('lead', n)),
        ...Array.from({ length: 16 }, (_, n) => loop('click', n)),
        ...Array.from({ length: 8 }, (_, n) => loop('postback', n)),
      ];
      await pause(3000);
      await act();
      await Promise.all(loops);
      await after?.();
      await pause(2500); // the nodes left write their last batches and settle their leads
      const storedLeads = await count('select count(*) as n from leads where id = any($1::bigint[])', [ackLeads]);
      const storedClicks = await count('select count(*) as n from clicks where id = any($1::uuid[])', [ackClicks]);
      const converted = await count('select count(distinct lead_id) as n from conversions where lead_id = any($1::bigint[])', [
        ackPostbacks,
      ]);
      const postbacks = new Set(ackPostbacks).size;
      const lostClicks = ackClicks.length - storedClicks;
      report(
        storedLeads === ackLeads.length && converted === postbacks && lostClicks === 0,
        `${what} under load loses no acknowledged lead or postback or click`,
        `${ackLeads.length} leads acknowledged, ${storedLeads} stored; ${postbacks} leads' postbacks acknowledged, ${converted} converted; ` +
          `${ackClicks.length} clicks acknowledged, ${storedClicks} stored (${lostClicks} lost); ` +
          `${failed} requests not acknowledged while the node went away`,
      );
    };
    await underLoad('a node stopped (SIGTERM)', () => stop(procs[2]));
    let unwritten = 0;
    await underLoad(
      'a node killed (SIGKILL), then started again,',
      async () => {
        // killed while it holds answered clicks not yet written (its journal not empty: nearly always under this load)
        const journal = join(dataDir, 'click-journal', `port-${NODE_PORTS[1]}`);
        const inJournal = () =>
          readdirSync(journal)
            .filter((f) => f.startsWith('seg-'))
            .reduce((n, f) => n + readSegment(join(journal, f)).length, 0);
        for (const end = Date.now() + 3000; Date.now() < end && inJournal() === 0;) await pause(1);
        procs[1].kill('SIGKILL');
        await new Promise((r) => procs[1].once('exit', r));
        unwritten = inJournal();
      },
      async () => {
        startNode(1);
        await waitFor(`${nodeUrl(1)}/api/v1/auth/me`, 120_000);
        console.log(`node 2 started again: ${unwritten} clicks were in its journal at the kill`);
      },
    );
  } finally {
    for (const p of procs) if (p) await stop(p);
    if (haproxy) await stop(haproxy);
    await stop(partner);
    await db.end();
    const dropper = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await dropper.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\n${failures.length} failed: ${failures.join('; ')}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  for (const p of procs) p?.kill('SIGKILL');
  process.exit(1);
});
