import { publicSettingsSchema } from '@leadgrid/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../../test/helper';
import { auditLog, images } from '../../../db/schema';
import { getSetting, setSetting } from './settings.store';

const t = await useApp();
const configured = await useApp({ PUBLIC_URL: 'https://api.example.com/', CHAT_SUPPORT_URL: 'https://chat.example.com/widget.js' });
const db = t.database.db;

const publicSettings = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: '/api/v1/public/api-settings', headers });
const saveGeneral = (data: unknown, as = t.admin) => t.request({ method: 'PATCH', url: '/api/v1/settings/general', as, payload: { data } });
const makeImage = async () =>
  (
    await db
      .insert(images)
      .values({ userId: t.admin.id, storageKey: `k/${Math.random()}`, mimeType: 'image/png', size: 10 })
      .returning()
  )[0];
const lastSettingsAudit = async () =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('public api-settings', () => {
  it('answers without a token, never cached, with exactly the public fields', async () => {
    const res = await publicSettings({ host: 'track.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const data = res.json().data;
    expect(publicSettingsSchema.strict().parse(data)).toEqual({
      apiDomain: 'http://track.example.com',
      name: 'Leadgrid',
      logoUrl: null,
      faviconUrl: null,
      registrationEnabled: true,
      trialExpireAt: null,
      chatSupportUrl: null,
      frontendVersionTs: expect.any(Number),
      baseCurrency: 'USD',
    });
    expect(res.body).not.toContain('customerId');
    expect(res.body).not.toContain('jwtSecret');
  });

  it('answers even with an expired or broken token', async () => {
    const res = await publicSettings({ authorization: 'Bearer not.a.token' });
    expect(res.statusCode).toBe(200);
  });

  it('follows a write made by another process (the cache is emptied by the change feed)', async () => {
    expect((await publicSettings()).json().data.name).toBe('Leadgrid');
    // another process writes the table: this one hears of it only by the notification
    const version = t.app.services.tracking.feed.version;
    await setSetting(db, 'name', 'Elsewhere Leads');
    await expect.poll(() => t.app.services.tracking.feed.version, { timeout: 5000 }).toBeGreaterThan(version);
    expect((await publicSettings()).json().data.name).toBe('Elsewhere Leads');
    await setSetting(db, 'name', 'Leadgrid');
    await expect.poll(async () => (await publicSettings()).json().data.name, { timeout: 5000 }).toBe('Leadgrid');
  });
});

describe('general settings', () => {
  it('shows the admin the general settings, with the customer id', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/settings/general', as: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Leadgrid',
      customerId: expect.stringMatching(/.+/),
      logoImageId: null,
      faviconImageId: null,
      baseCurrency: 'USD',
    });
  });

  it('saves the given keys, answers the saved settings and audits the change', async () => {
    const trial = Math.floor(t.clock.now.getTime() / 1000) + 7 * 86400;
    const res = await saveGeneral({ name: '  Acme Leads  ', trialExpireAt: trial, registrationEnabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Settings saved');
    expect(res.json().data).toMatchObject({ name: 'Acme Leads', trialExpireAt: trial, registrationEnabled: false });

    const pub = (await publicSettings()).json().data;
    expect(pub).toMatchObject({ name: 'Acme Leads', trialExpireAt: trial, registrationEnabled: false });
    expect(await getSetting(db, 'name')).toBe('Acme Leads');

    const audit = await lastSettingsAudit();
    expect(audit.userId).toBe(t.admin.id);
    expect(audit.changes).toEqual({
      before: { name: 'Leadgrid', trialExpireAt: null, registrationEnabled: true },
      after: { name: 'Acme Leads', trialExpireAt: trial, registrationEnabled: false },
    });

    // registration closed: sign-up is refused
    const signUp = await t.request({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: { email: 'late@test.local', password: 'abcde1', firstName: 'Late' },
    });
    expect(signUp.statusCode).toBe(403);

    const back = await saveGeneral({ name: 'Leadgrid', trialExpireAt: null, registrationEnabled: true });
    expect(back.json().data).toMatchObject({ name: 'Leadgrid', trialExpireAt: null, registrationEnabled: true });
  });

  it('writes no audit entry when nothing changes', async () => {
    const before = await lastSettingsAudit();
    const res = await saveGeneral({ name: 'Leadgrid' });
    expect(res.statusCode).toBe(200);
    expect((await lastSettingsAudit())?.id).toBe(before?.id);
  });

  it('sets the logo and favicon to uploaded images and serves their URLs', async () => {
    const logo = await makeImage();
    const icon = await makeImage();
    const res = await saveGeneral({ logoImageId: logo.id, faviconImageId: icon.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      logoImageId: logo.id,
      faviconImageId: icon.id,
      logoUrl: `/api/v1/images/${logo.id}`,
      faviconUrl: `/api/v1/images/${icon.id}`,
    });
    expect((await publicSettings()).json().data).toMatchObject({
      logoUrl: `/api/v1/images/${logo.id}`,
      faviconUrl: `/api/v1/images/${icon.id}`,
    });
    const cleared = await saveGeneral({ logoImageId: null, faviconImageId: null });
    expect(cleared.json().data).toMatchObject({ logoUrl: null, faviconUrl: null });
  });

  it('refuses an image that does not exist and saves nothing of that request', async () => {
    const logo = await makeImage();
    const res = await saveGeneral({ name: 'Should not stick', logoImageId: logo.id, faviconImageId: 987654 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'Image 987654 not found', type: 'notFound', loc: ['body', 'data', 'faviconImageId'] }]);
    expect(await getSetting(db, 'name')).toBe('Leadgrid');
    expect(await getSetting(db, 'logoImageId')).toBeNull();
  });

  it('validates each field', async () => {
    const res = await saveGeneral({ name: '   ', trialExpireAt: 'soon', registrationEnabled: 'yes', logoImageId: -1 });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors.map((e: { msg: string; loc: unknown[] }) => [e.loc.join('.'), e.msg]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['body.data.name', 'required'],
        ['body.data.trialExpireAt', 'number'],
        ['body.data.logoImageId', 'number'],
        expect.arrayContaining(['body.data.registrationEnabled']),
      ]),
    );
    const long = await saveGeneral({ name: 'x'.repeat(201) });
    expect(long.json().errors[0]).toMatchObject({ msg: 'minMaxLength', loc: ['body', 'data', 'name'] });
    expect((await t.request({ method: 'PATCH', url: '/api/v1/settings/general', as: t.admin, payload: {} })).statusCode).toBe(400);
  });

  it('needs settings.general.update: 403 for staff without it and nothing changes; 401 without a token', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await t.request({ method: 'GET', url: '/api/v1/settings/general', as: manager })).statusCode).toBe(403);
    const res = await saveGeneral({ name: 'Taken over' }, manager);
    expect(res.statusCode).toBe(403);
    expect(await getSetting(db, 'name')).toBe('Leadgrid');
    expect((await t.request({ method: 'GET', url: '/api/v1/settings/general' })).statusCode).toBe(401);
  });
});

describe('raw clicks retention (docs/decisions/engine.md "Clicks partitioned by day")', () => {
  it('is 90 days until set; a whole number of days from 7 to 3650 is saved and audited, anything else is a 400 that saves nothing', async () => {
    const shown = await t.request({ method: 'GET', url: '/api/v1/settings/general', as: t.admin });
    expect(shown.json().data.rawClicksRetentionDays).toBe(90);
    for (const bad of [6, 3651, 30.5, '30', null, -1]) {
      const res = await saveGeneral({ name: 'Not with this', rawClicksRetentionDays: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'))).toEqual(['body.data.rawClicksRetentionDays']);
    }
    expect(await getSetting(db, 'rawClicksRetentionDays')).toBeUndefined();
    expect(await getSetting(db, 'name')).toBe('Leadgrid');

    const res = await saveGeneral({ rawClicksRetentionDays: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rawClicksRetentionDays).toBe(30);
    expect(await getSetting(db, 'rawClicksRetentionDays')).toBe(30);
    expect((await lastSettingsAudit()).changes).toEqual({ before: { rawClicksRetentionDays: 90 }, after: { rawClicksRetentionDays: 30 } });
    await saveGeneral({ rawClicksRetentionDays: 90 });
  });

  it('is changed only with settings.general.update', async () => {
    const manager = await t.make.user({ type: 'affiliate_manager' });
    expect((await saveGeneral({ rawClicksRetentionDays: 7 }, manager)).statusCode).toBe(403);
    const affiliate = await t.make.user({ type: 'affiliate' });
    expect((await saveGeneral({ rawClicksRetentionDays: 7 }, affiliate)).statusCode).toBe(403);
    expect(await getSetting(db, 'rawClicksRetentionDays')).not.toBe(7);
  });
});

describe('public api-settings with a configured public URL and chat support', () => {
  it('answers the configured address and chat URL', async () => {
    const res = await configured.request({ method: 'GET', url: '/api/v1/public/api-settings', headers: { host: 'evil.example.org' } });
    expect(res.json().data).toMatchObject({ apiDomain: 'https://api.example.com', chatSupportUrl: 'https://chat.example.com/widget.js' });
  });
});
