import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { auditLog, postbacks } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { activeGlobalPostback } from './postbacks.service';

const t = await useApp();
const db = t.database.db;
const URL = '/api/v1/settings/global-postback';
const valid = {
  url: 'https://tracker.example/postback?cid={click_id}&payout={payout}&cur={currency}&e={event}',
  method: 'GET',
  events: ['conversion_approved', 'event_sent'],
  status: 'active',
};
const save = (data: Record<string, unknown>, as = t.admin) => t.request({ method: 'PATCH', url: URL, as, payload: { data } });

describe('global postback', () => {
  beforeEach(async () => {
    await db.delete(postbacks);
  });

  it('answers an empty, inactive postback before the first save', async () => {
    const res = await t.request({ method: 'GET', url: URL, as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: null, url: '', method: 'GET', events: [], status: 'inactive', createdAt: null, createdBy: null });
  });

  it('creates the single global row on the first save and edits it after', async () => {
    const first = await save(valid);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Global postback saved');
    const created = first.json().data;
    expect(created).toMatchObject({ ...valid, id: expect.any(Number), createdBy: t.admin.id });

    const second = await save({ ...valid, method: 'POST', events: ['conversion_rejected'], status: 'inactive' });
    expect(second.json().data).toMatchObject({ id: created.id, method: 'POST', events: ['conversion_rejected'], status: 'inactive' });
    const rows = await db.select().from(postbacks).where(eq(postbacks.scope, 'global'));
    expect(rows).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit.filter((a) => a.entity === 'postback').map((a) => a.action)).toEqual(['create', 'update']);
    const got = await t.request({ method: 'GET', url: URL, as: t.admin });
    expect(got.json().data).toEqual(second.json().data);
  });

  it('keeps one row when two first saves race', async () => {
    const [a, b] = await Promise.all([save(valid), save({ ...valid, method: 'POST' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await db.select().from(postbacks).where(eq(postbacks.scope, 'global'))).toHaveLength(1);
  });

  it('refuses an unknown macro with the pattern key on the URL, naming it', async () => {
    const res = await save({ ...valid, url: 'https://tracker.example/pb?cid={clickid}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'Unknown macro {clickid}',
      errors: [{ msg: 'pattern', type: 'macro', loc: ['body', 'data', 'url'] }],
    });
    expect(await db.select().from(postbacks)).toEqual([]);
  });

  it('answers 400 per field for a bad URL, method and events', async () => {
    const res = await save({ url: 'ftp://tracker.example/pb', method: 'PUT', events: [], status: 'active' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'url', loc: ['body', 'data', 'url'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'data', 'method'] }),
        expect.objectContaining({ msg: 'required', loc: ['body', 'data', 'events'] }),
      ]),
    );
    const dup = await save({ ...valid, events: ['event_sent', 'event_sent'] });
    expect(dup.json().errors).toEqual([expect.objectContaining({ msg: 'unique', loc: ['body', 'data', 'events'] })]);
    const unknown = await save({ ...valid, events: ['lead_sold'] });
    expect(unknown.json().errors).toEqual([expect.objectContaining({ msg: 'pattern', loc: ['body', 'data', 'events', 0] })]);
  });

  it('lets only admins (postback.global.update) edit; affiliates cannot read it', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await t.request({ method: 'GET', url: URL, as: manager })).statusCode).toBe(200);
    expect((await save(valid, manager)).statusCode).toBe(403);
    const affiliate = await t.make.user({ type: 'affiliate' });
    const res = await t.request({ method: 'GET', url: URL, as: affiliate });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('managed by the network');
    expect((await save(valid, affiliate)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    const noRead = await t.make.user({ type: 'employee', permissions: ['front.settings.tags.read'] });
    expect((await t.request({ method: 'GET', url: URL, as: noRead })).statusCode).toBe(403);
  });

  it('hands the traffic engine the postback only while it is active', async () => {
    const ctx: Ctx = { actor: null, db, database: t.database, config: t.config, now: () => t.clock.now };
    expect(await activeGlobalPostback(ctx)).toBeNull();
    await save(valid);
    expect(await activeGlobalPostback(ctx)).toMatchObject({ url: valid.url, events: valid.events });
    await save({ ...valid, status: 'inactive' });
    expect(await activeGlobalPostback(ctx)).toBeNull();
  });
});
