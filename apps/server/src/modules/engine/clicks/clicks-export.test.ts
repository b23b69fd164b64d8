import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runExport } from '../../../../test/export-helper';
import { useApp } from '../../../../test/helper';
import { clicks } from '../../../db/schema';
import { loadActor } from '../../../http/auth';
import { systemCtx } from '../../../http/context';
import { clicksExporter } from './clicks-export';

const t = await useApp();
const db = t.database.db;

const offer = await t.make.offer({ title: 'Alpha, "loans"' });
const lander = await t.make.lander({ offerId: offer.id });
const a = await t.make.user({ type: 'affiliate' });
const b = await t.make.user({ type: 'affiliate' });
const now = t.clock.now.getTime();
const at = new Date(now - 60_000);
const row = (affiliateId: number, extra: Partial<typeof clicks.$inferInsert> = {}): typeof clicks.$inferInsert => ({
  id: randomUUID(),
  createdAt: at,
  status: 1,
  affiliateId,
  offerId: offer.id,
  landerId: lander.id,
  country: 'DE',
  ip: '10.0.0.1',
  targetUrl: 'https://lander.example/?adv=secret',
  ...extra,
});
// two of a's clicks share their creation time (the key of the pages is the time and the id)
const rows = await db
  .insert(clicks)
  .values([
    row(a.id, { createdAt: new Date(now - 120_000), sub1: '=cmd', params: { gclid: 'x' } }),
    row(a.id),
    row(a.id),
    row(b.id, { createdAt: new Date(now - 30_000) }),
    row(b.id, { status: 2, invalidReason: 'bot', isBot: true }),
    row(a.id, { createdAt: new Date(now - 3 * 86_400_000) }),
  ])
  .returning();

// the last hour around the clock's now (the default period is today: just after midnight UTC the rows of a minute ago
// belong to yesterday)
const period = { from: String(Math.floor(now / 1000) - 3600), to: String(Math.floor(now / 1000) + 60) };

describe('clicks export', () => {
  it('exports the valid clicks of the period for staff with the target URL, newest first, reporting export_click events', async () => {
    const {
      events,
      header,
      rows: lines,
    } = await runExport(t, t.admin, 'clicks', { tab: 'valid', offerId: String(offer.id), timezone: 'UTC', ...period });
    expect(events.map((e) => e.event)).toContain('export_click');
    expect(events.at(-1)).toMatchObject({ event: 'export_click', data: { status: 'done', rowsDone: 4, rowsTotal: 4, progress: 100 } });
    expect(header.slice(0, 4)).toEqual(['id', 'createdAt', 'status', 'invalidReason']);
    expect(header.at(-1)).toBe('targetUrl');
    expect(lines.map((l) => l.split(',')[0])).toEqual([rows[3].id, ...[rows[1].id, rows[2].id].sort().reverse(), rows[0].id]);
    const oldest = lines[3];
    expect(oldest).toContain(`"Alpha, ""loans"""`);
    expect(oldest).toContain(`,'=cmd,`);
    expect(oldest).toContain(`"{""gclid"":""x""}"`);
    expect(oldest.endsWith(',https://lander.example/?adv=secret')).toBe(true);
    expect(oldest).toContain(new Date(now - 120_000).toISOString().slice(0, 19).replace('T', ' '));
  });

  it('exports an affiliate only its own clicks of the tab, without the target URL', async () => {
    const mine = await runExport(t, a, 'clicks', { tab: 'valid', affiliateId: String(b.id), ...period });
    expect(mine.rows).toEqual([]);
    const own = await runExport(t, a, 'clicks', { tab: 'valid', ...period });
    expect(own.rows).toHaveLength(3);
    expect(own.header).not.toContain('targetUrl');
    expect(own.lines.join('\n')).not.toContain('secret');
    const invalid = await runExport(t, b, 'clicks', { tab: 'invalid', ...period });
    expect(invalid.rows.map((l) => l.split(',').slice(0, 6))).toEqual([
      [rows[4].id, expect.any(String), 'invalid', 'bot', 'false', 'true'],
    ]);
    expect(invalid.events.at(-1)?.event).toBe('export_click');
  });

  it('reads the pages by key: rows sharing a creation time are neither skipped nor repeated', async () => {
    const actor = (await loadActor(t.database, t.admin.id))!;
    const ctx = { ...systemCtx({ database: t.database, config: t.config, now: () => t.clock.now }), actor };
    const q = clicksExporter.schema.parse({ tab: 'valid', offerId: String(offer.id), ...period });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await clicksExporter.page(ctx, q, cursor, 1);
      seen.push(...page.rows.map((r) => String(r[0])));
      cursor = page.cursor;
    } while (cursor !== null);
    expect(seen.sort()).toEqual([rows[0].id, rows[1].id, rows[2].id, rows[3].id].sort());
  });

  it('refuses a query without its tab, a bad filter or a period too long with 400, and a user without click access with 403', async () => {
    const start = (payload: Record<string, unknown>, as = t.admin) => t.request({ method: 'POST', url: '/api/v1/exports', as, payload });
    const noTab = await start({ type: 'clicks', query: {} });
    expect(noTab.statusCode).toBe(400);
    expect(noTab.json().errors[0].loc).toEqual(['body', 'query', 'tab']);
    expect((await start({ type: 'clicks', query: { tab: 'all' } })).statusCode).toBe(400);
    expect((await start({ type: 'clicks', query: { tab: 'valid', offerId: 'x' } })).statusCode).toBe(400);
    const long = await start({ type: 'clicks', query: { tab: 'valid', from: 0, to: String(Math.floor(now / 1000)) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ statusCode: 400 });
    const member = await t.make.user({ type: 'advertiser_member' });
    expect((await start({ type: 'clicks', query: { tab: 'valid' } }, member)).statusCode).toBe(403);
  });
});
