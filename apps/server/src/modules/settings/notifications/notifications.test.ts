import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { notificationChannels, notificationRules, notifications, roles, userPreferences, users } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { NOTIFICATION_JOB } from './notifications.delivery';
import { notify } from './notifications.service';

/** a local Telegram Bot API: records every sendMessage, answers with the status a test asks for */
const telegram = { calls: [] as { path: string; body: { chat_id: string; text: string } }[], failures: 0 };
const server = createServer((req: IncomingMessage, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    telegram.calls.push({ path: req.url ?? '', body: JSON.parse(raw || '{}') });
    if (telegram.failures > 0) {
      telegram.failures--;
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, description: 'Bad Gateway' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result: { message_id: 1 } }));
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const port = (server.address() as AddressInfo).port;

const t = await useApp({ TELEGRAM_API_URL: `http://127.0.0.1:${port}` });
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const systemCtx = (): Ctx => ({ actor: null, db: t.database.db, database: t.database, config: t.config, now: () => t.clock.now });

const db = t.database.db;
async function resetChannelsAndRules() {
  await db.delete(notificationRules);
  await db.delete(notificationChannels);
  await db.delete(notifications);
  await db.delete(userPreferences);
  await t.queue.boss.deleteAllJobs(NOTIFICATION_JOB);
  telegram.calls = [];
  telegram.failures = 0;
}
const inAppOf = (userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId));

describe('notifications: rules', () => {
  beforeEach(resetChannelsAndRules);

  it('lists every catalogue event with its default rule', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/notifications/rules', as: t.admin });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items;
    expect(items.map((r: { event: string }) => r.event)).toEqual(
      expect.arrayContaining(['lead_failed', 'cap_reached', 'invoice_created', 'affiliate_registered', 'postback_failed']),
    );
    expect(items.find((r: { event: string }) => r.event === 'lead_failed')).toMatchObject({
      title: 'Lead delivery failed',
      channels: ['in_app'],
      roleTypes: ['admin', 'affiliate_manager'],
      userIds: [],
      status: 'active',
      saved: false,
    });
  });

  it('saves rules by event, always keeping in-app', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/rules',
      as: t.admin,
      payload: {
        items: [
          { event: 'cap_reached', channels: ['telegram', 'email'], roleTypes: ['admin'], userIds: [manager.id] },
          { event: 'lead_failed', status: 'inactive' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 notification rules saved');
    const [cap, lead] = res.json().data.items;
    expect(cap).toMatchObject({
      event: 'cap_reached',
      channels: ['in_app', 'telegram', 'email'],
      roleTypes: ['admin'],
      userIds: [manager.id],
      saved: true,
      status: 'active',
    });
    expect(lead).toMatchObject({ event: 'lead_failed', status: 'inactive', roleTypes: ['admin', 'affiliate_manager'], saved: true });
  });

  it('answers 400 per field for an unknown event or user, and writes nothing', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/rules',
      as: t.admin,
      payload: { items: [{ event: 'no_such_event' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 0, 'event'] })]);

    const bad = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/rules',
      as: t.admin,
      payload: {
        items: [
          { event: 'cap_reached', roleTypes: ['admin'] },
          { event: 'lead_failed', userIds: [999999] },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ msg: 'pattern', type: 'unknownUser', loc: ['body', 'items', 1, 'userIds'] }]);
    expect(await db.select().from(notificationRules)).toEqual([]);
  });

  it('needs notification.read to list and notification.update to edit', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/notifications/rules' })).statusCode).toBe(401);
    const noRead = await t.make.user({ type: 'employee', permissions: ['front.dashboard.read'] });
    expect((await t.request({ method: 'GET', url: '/api/v1/notifications/rules', as: noRead })).statusCode).toBe(403);
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await t.request({ method: 'GET', url: '/api/v1/notifications/rules', as: manager })).statusCode).toBe(200);
    const edit = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/rules',
      as: manager,
      payload: { items: [{ event: 'cap_reached', status: 'inactive' }] },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('is staff configuration: affiliates and advertiser members read neither rules nor channels, only their own notifications', async () => {
    for (const type of ['affiliate', 'advertiser_member'] as const) {
      const user = await t.make.user({ type });
      for (const url of ['/api/v1/notifications/rules', '/api/v1/notifications/channels'])
        expect((await t.request({ method: 'GET', url, as: user })).statusCode, `${type} ${url}`).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/v1/notifications/my', as: user })).statusCode, type).toBe(200);
      const me = (await t.request({ method: 'GET', url: '/api/v1/auth/me', as: user })).json().data;
      expect(me.permissions, type).not.toContain('notification.read');
    }
  });

  it('migration 0013 takes notification.read from the stored affiliate and advertiser-member roles and custom lists', async () => {
    const text = readFileSync(new URL('../../../db/migrations/0013_notification_read_staff_only.sql', import.meta.url), 'utf8');
    const [aff] = await db
      .insert(roles)
      .values({ title: 'Old affiliate role', type: 'affiliate', permissions: ['notification.read', 'lead.own.read'] })
      .returning();
    const [adv] = await db
      .insert(roles)
      .values({ title: 'Old advertiser role', type: 'advertiser_member', permissions: ['notification.read'] })
      .returning();
    const [staff] = await db
      .insert(roles)
      .values({ title: 'Staff role', type: 'employee', permissions: ['notification.read'] })
      .returning();
    const affiliate = await t.make.user({ type: 'affiliate', signIn: false, customPermissions: ['notification.read', 'lead.own.read'] });
    const employee = await t.make.user({ type: 'employee', signIn: false, customPermissions: ['notification.read'] });
    for (const statement of text.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const permsOf = async (id: number) => (await db.select().from(roles).where(eq(roles.id, id)))[0].permissions;
    expect(await permsOf(aff.id)).toEqual(['lead.own.read']);
    expect(await permsOf(adv.id)).toEqual([]);
    expect(await permsOf(staff.id)).toEqual(['notification.read']);
    const customOf = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0].customPermissions;
    expect(await customOf(affiliate.id)).toEqual(['lead.own.read']);
    expect(await customOf(employee.id)).toEqual(['notification.read']);
  });
});

describe('notifications: channel integrations', () => {
  beforeEach(resetChannelsAndRules);

  it('starts with both channels off', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/notifications/channels', as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([
      { type: 'email', status: 'inactive', config: {}, ready: false, smtpConfigured: false, updatedAt: null },
      { type: 'telegram', status: 'inactive', config: { chatId: '', botToken: '' }, ready: false, updatedAt: null },
    ]);
  });

  it('saves Telegram and never answers the token in full', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: { items: [{ type: 'telegram', status: 'active', botToken: TOKEN, chatId: '-1001234567890' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(TOKEN);
    expect(res.json().data.items[0]).toMatchObject({
      type: 'telegram',
      status: 'active',
      ready: true,
      config: { chatId: '-1001234567890', botToken: `••••••••${TOKEN.slice(-4)}` },
    });

    // the masked value sent back keeps the saved token
    const again = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: { items: [{ type: 'telegram', botToken: `••••••••${TOKEN.slice(-4)}`, chatId: '@leadgrid_ops' }] },
    });
    expect(again.statusCode).toBe(200);
    const [row] = await db.select().from(notificationChannels).where(eq(notificationChannels.type, 'telegram'));
    expect(row.config).toEqual({ botToken: TOKEN, chatId: '@leadgrid_ops' });
    const list = await t.request({ method: 'GET', url: '/api/v1/notifications/channels', as: t.admin });
    expect(list.body).not.toContain(TOKEN);
  });

  it('answers 400 on the field for a bad token, a bad chat id, or a missing token when turned on', async () => {
    const badToken = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: { items: [{ type: 'telegram', botToken: 'not-a-token', chatId: '42' }] },
    });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().errors).toEqual([expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 0, 'botToken'] })]);

    const badChat = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: { items: [{ type: 'telegram', chatId: 'not a chat' }] },
    });
    expect(badChat.statusCode).toBe(400);
    expect(badChat.json().errors).toEqual([expect.objectContaining({ msg: 'pattern', loc: ['body', 'items', 0, 'chatId'] })]);

    const noToken = await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: { items: [{ type: 'telegram', status: 'active', chatId: '42' }] },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors).toEqual([expect.objectContaining({ msg: 'required', loc: ['body', 'items', 0, 'botToken'] })]);
    expect(await db.select().from(notificationChannels)).toEqual([]);
  });

  it('sends a test message through Telegram and reports a refusal as 422', async () => {
    await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: { items: [{ type: 'telegram', status: 'active', botToken: TOKEN, chatId: '42' }] },
    });
    const ok = await t.request({
      method: 'POST',
      url: '/api/v1/notifications/channels/test',
      as: t.admin,
      payload: { data: { type: 'telegram' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(telegram.calls).toEqual([
      {
        path: `/bot${TOKEN}/sendMessage`,
        body: expect.objectContaining({ chat_id: '42', text: expect.stringContaining('test notification') }),
      },
    ]);

    telegram.failures = 1;
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/notifications/channels/test',
      as: t.admin,
      payload: { data: { type: 'telegram' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Telegram answered 502: Bad Gateway');
    expect(refused.body).not.toContain(TOKEN);
  });

  it('sends a test e-mail to the caller', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/notifications/channels/test',
      as: t.admin,
      payload: { data: { type: 'email' } },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: t.admin.email, subject: expect.stringContaining('Test notification') });
  });

  it('lets only notification.update edit or test channels', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await t.request({ method: 'GET', url: '/api/v1/notifications/channels', as: manager })).statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/api/v1/notifications/channels',
          as: manager,
          payload: { items: [{ type: 'email', status: 'active' }] },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/notifications/channels/test', as: manager, payload: { data: { type: 'email' } } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/api/v1/notifications/channels',
          payload: { items: [{ type: 'email', status: 'active' }] },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('notifications: delivery through the job queue', () => {
  beforeEach(resetChannelsAndRules);

  it('turns a rule into one in-app job per recipient and writes the rows when the jobs run', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    const affiliate = await t.make.user({ type: 'affiliate' });
    const jobs = await notify(systemCtx(), t.queue, 'lead_failed', {
      values: { leadId: 77, offer: 'Solar DE', reason: 'every cap is closed' },
      link: '/leads?id=77',
    });
    const admins = await db.select().from(notifications);
    expect(admins).toEqual([]); // nothing before the worker runs
    expect(jobs).toBeGreaterThanOrEqual(2);
    expect(await t.queue.runDue(NOTIFICATION_JOB)).toBe(jobs);

    const [row] = await inAppOf(manager.id);
    expect(row).toMatchObject({
      event: 'lead_failed',
      title: 'Lead #77 was not delivered',
      body: 'No advertiser accepted lead #77 of offer Solar DE: every cap is closed',
      readAt: null,
    });
    expect(row.data).toEqual({ values: { leadId: 77, offer: 'Solar DE', reason: 'every cap is closed' }, link: '/leads?id=77' });
    expect(await inAppOf(t.admin.id)).toHaveLength(1);
    expect(await inAppOf(affiliate.id)).toEqual([]);
  });

  it('gives affiliates only the events about themselves', async () => {
    const mine = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    await notify(systemCtx(), t.queue, 'invoice_created', {
      values: { invoiceId: 5, amount: '120.50', currency: 'USD' },
      audience: [mine.id],
    });
    await t.queue.runDue(NOTIFICATION_JOB);
    expect((await inAppOf(mine.id)).map((r) => r.title)).toEqual(['Invoice #5 created']);
    expect(await inAppOf(other.id)).toEqual([]);
    expect(await inAppOf(t.admin.id)).toHaveLength(1);
  });

  it('sends nothing for an inactive rule, and only to named users for a personal event', async () => {
    await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/rules',
      as: t.admin,
      payload: { items: [{ event: 'cap_reached', status: 'inactive' }] },
    });
    expect(await notify(systemCtx(), t.queue, 'cap_reached', { values: { capId: 1 } })).toBe(0);
    const requester = await t.make.user({ type: 'employee' });
    await t.make.user({ type: 'employee' });
    expect(await notify(systemCtx(), t.queue, 'export_ready', { values: { name: 'clicks' }, audience: [requester.id] })).toBe(1);
  });

  it('delivers e-mail and Telegram when their integrations are on, and stores in-app only when they are off', async () => {
    await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/rules',
      as: t.admin,
      payload: { items: [{ event: 'cap_reached', channels: ['email', 'telegram'], roleTypes: ['admin'] }] },
    });
    // channels off: in-app only
    expect(await notify(systemCtx(), t.queue, 'cap_reached', { values: { capId: 3, offer: 'Loans PL', value: 100, period: 'day' } })).toBe(
      1,
    );
    await t.queue.runDue(NOTIFICATION_JOB);
    expect(telegram.calls).toEqual([]);

    await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: {
        items: [
          { type: 'email', status: 'active' },
          { type: 'telegram', status: 'active', botToken: TOKEN, chatId: '-100200300' },
        ],
      },
    });
    const sentBefore = t.mailer.sent.length;
    expect(await notify(systemCtx(), t.queue, 'cap_reached', { values: { capId: 4, offer: 'Loans PL', value: 100, period: 'day' } })).toBe(
      3,
    );
    expect(await t.queue.runDue(NOTIFICATION_JOB)).toBe(3);
    expect(t.mailer.sent.slice(sentBefore)).toEqual([
      { to: t.admin.email, subject: '[Leadgrid] Cap reached on Loans PL', text: 'Cap #4 of offer Loans PL reached 100 for day' },
    ]);
    expect(telegram.calls).toEqual([
      {
        path: `/bot${TOKEN}/sendMessage`,
        body: {
          chat_id: '-100200300',
          text: 'Cap reached on Loans PL\nCap #4 of offer Loans PL reached 100 for day',
          disable_web_page_preview: true,
        },
      },
    ]);
    expect(await inAppOf(t.admin.id)).toHaveLength(2);
  });

  it("follows each recipient's own channel choice for the event (/profile/notifications)", async () => {
    await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: { items: [{ type: 'email', status: 'active' }] },
    });
    await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/rules',
      as: t.admin,
      payload: { items: [{ event: 'api_sync_failed', channels: ['in_app'], roleTypes: ['advertiser_manager'] }] },
    });
    const quiet = await t.make.user({ type: 'advertiser_manager' });
    const mailOnly = await t.make.user({ type: 'advertiser_manager' });
    const defaults = await t.make.user({ type: 'advertiser_manager' });
    await db.insert(userPreferences).values([
      { userId: quiet.id, type: 'notifications', name: 'api_sync_failed', value: { in_app: false, email: false } },
      { userId: mailOnly.id, type: 'notifications', name: 'api_sync_failed', value: { in_app: false, email: true } },
      { userId: defaults.id, type: 'notifications', name: 'cap_reached', value: { in_app: false, email: true } },
    ]);
    const sentBefore = t.mailer.sent.length;
    await notify(systemCtx(), t.queue, 'api_sync_failed', { values: { advertiser: 'Acme', error: 'timeout' } });
    await t.queue.runDue(NOTIFICATION_JOB);
    expect(await inAppOf(quiet.id)).toEqual([]);
    expect(await inAppOf(mailOnly.id)).toEqual([]);
    expect(await inAppOf(defaults.id)).toHaveLength(1);
    expect(t.mailer.sent.slice(sentBefore).map((m) => m.to)).toEqual([mailOnly.email]);
  });

  it('retries a failing channel and records the failure, never losing the in-app row', async () => {
    await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/rules',
      as: t.admin,
      payload: { items: [{ event: 'postback_failed', channels: ['telegram'], roleTypes: ['admin'] }] },
    });
    await t.request({
      method: 'PATCH',
      url: '/api/v1/notifications/channels',
      as: t.admin,
      payload: { items: [{ type: 'telegram', status: 'active', botToken: TOKEN, chatId: '42' }] },
    });
    telegram.failures = 2;
    await notify(systemCtx(), t.queue, 'postback_failed', { values: { url: 'https://tracker.example/pb', error: 'timeout' } });

    await t.queue.runDue(NOTIFICATION_JOB);
    expect(await inAppOf(t.admin.id)).toHaveLength(1);
    const [waiting] = await t.queue.boss.findJobs<{ channel: string }>(NOTIFICATION_JOB, { data: { channel: 'telegram' } });
    expect(waiting).toMatchObject({ state: 'retry', retryLimit: 5, output: { message: 'Telegram answered 502: Bad Gateway' } });
    expect(waiting.startAfter.getTime()).toBeGreaterThan(Date.now()); // backoff: not due yet
    expect(await t.queue.runDue(NOTIFICATION_JOB)).toBe(0);

    await t.queue.runDue(NOTIFICATION_JOB, { ignoreStartAfter: true }); // second failure
    await t.queue.runDue(NOTIFICATION_JOB, { ignoreStartAfter: true }); // delivered
    const [done] = await t.queue.boss.findJobs<{ channel: string }>(NOTIFICATION_JOB, { data: { channel: 'telegram' } });
    expect(done.state).toBe('completed');
    expect(telegram.calls).toHaveLength(3);
    expect(await inAppOf(t.admin.id)).toHaveLength(1);
  });

  it('enqueues nothing when the transaction that caused the event rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await notify({ ...systemCtx(), db: tx }, t.queue, 'affiliate_registered', { values: { name: 'Ann', email: 'ann@example.com' } });
        throw new Error('the sign-up failed');
      }),
    ).rejects.toThrow('the sign-up failed');
    expect(await t.queue.runDue(NOTIFICATION_JOB)).toBe(0);
    await db.transaction(async (tx) => {
      await notify({ ...systemCtx(), db: tx }, t.queue, 'affiliate_registered', { values: { name: 'Ann', email: 'ann@example.com' } });
    });
    expect(await t.queue.runDue(NOTIFICATION_JOB)).toBeGreaterThan(0);
    expect((await inAppOf(t.admin.id)).map((r) => r.body)).toEqual(['Ann (ann@example.com) signed up']);
  });
});

describe('notifications: my in-app notifications', () => {
  beforeEach(resetChannelsAndRules);

  async function give(userId: number, n: number) {
    for (let i = 0; i < n; i++) {
      t.clock.advance(1);
      await db.insert(notifications).values({ userId, event: 'lead_failed', title: `Note ${i + 1}`, body: '', createdAt: t.clock.now });
    }
  }

  it('lists the caller’s own notifications newest first with the unread count', async () => {
    const me = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    await give(me.id, 3);
    await give(other.id, 2);
    const res = await t.request({ method: 'GET', url: '/api/v1/notifications/my?limit=2', as: me });
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().data;
    expect(items.map((x: { title: string }) => x.title)).toEqual(['Note 3', 'Note 2']);
    expect(meta).toEqual({ totalCount: 3, unreadCount: 3 });
  });

  it('marks notifications read, one by one or all', async () => {
    const me = await t.make.user({ type: 'affiliate' });
    await give(me.id, 3);
    const [first] = (await t.request({ method: 'GET', url: '/api/v1/notifications/my', as: me })).json().data.items;
    const res = await t.request({ method: 'POST', url: '/api/v1/notifications/my/read', as: me, payload: { data: [first.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { updated: 1, unreadCount: 2 }, message: 'Notification marked as read' });
    const unread = (await t.request({ method: 'GET', url: '/api/v1/notifications/my?unread=1', as: me })).json().data;
    expect(unread.items).toHaveLength(2);
    expect(unread.meta).toEqual({ totalCount: 2, unreadCount: 2 });

    const all = await t.request({ method: 'POST', url: '/api/v1/notifications/my/read_all', as: me });
    expect(all.json().data).toEqual({ updated: 2, unreadCount: 0 });
  });

  it('refuses to touch someone else’s notification, and answers 400 for bad ids', async () => {
    const me = await t.make.user({ type: 'affiliate' });
    const other = await t.make.user({ type: 'affiliate' });
    await give(other.id, 1);
    const [theirs] = await inAppOf(other.id);
    const res = await t.request({ method: 'POST', url: '/api/v1/notifications/my/read', as: me, payload: { data: [theirs.id] } });
    expect(res.statusCode).toBe(404);
    const [still] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, theirs.id)));
    expect(still.readAt).toBeNull();

    const bad = await t.request({ method: 'POST', url: '/api/v1/notifications/my/read', as: me, payload: { data: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ msg: 'required', loc: ['body', 'data'] })]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/notifications/my' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/v1/notifications/my/read_all' })).statusCode).toBe(401);
  });
});

describe('notifications: recipients picker', () => {
  it('finds active users by name, e-mail or id, and answers named users by id', async () => {
    const ann = await t.make.user({ type: 'affiliate_manager', email: `ann.picker.${Date.now()}@test.local` });
    const gone = await t.make.user({ type: 'employee', status: 'blocked', signIn: false });
    const res = await t.request({ method: 'GET', url: '/api/v1/notifications/recipients?search=ann.picker', as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([
      {
        id: ann.id,
        name: expect.any(String),
        email: ann.email,
        roleType: 'affiliate_manager',
        roleTitle: 'Affiliate manager',
        status: 'active',
      },
    ]);
    const byId = await t.request({ method: 'GET', url: `/api/v1/notifications/recipients?search=${ann.id}`, as: t.admin });
    expect(byId.json().data.items.map((u: { id: number }) => u.id)).toContain(ann.id);
    const named = await t.request({ method: 'GET', url: `/api/v1/notifications/recipients?ids=${ann.id},${gone.id}`, as: t.admin });
    expect(
      named
        .json()
        .data.items.map((u: { id: number; status: string }) => [u.id, u.status])
        .sort(),
    ).toEqual(
      [
        [ann.id, 'active'],
        [gone.id, 'blocked'],
      ].sort(),
    );
  });

  it('answers 400 for a bad limit and 403 without notification.update', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/v1/notifications/recipients?limit=0', as: t.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].loc).toEqual(['querystring', 'limit']);
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await t.request({ method: 'GET', url: '/api/v1/notifications/recipients', as: manager })).statusCode).toBe(403);
  });
});
