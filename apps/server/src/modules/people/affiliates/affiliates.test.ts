import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, blockEvents, users } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';
import { people, uniqueEmail } from '../people.fixtures';

const t = await useApp();
const make = people(t);
const url = '/api/v1/affiliates';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const bulk = (as: TestUser | null, data: unknown) => t.request({ method: 'POST', url: `${url}/bulk_edit`, as, payload: { data } });
const status = (as: TestUser | null, items: unknown[]) =>
  t.request({ method: 'POST', url: `${url}/change_status`, as, payload: { items } });
const get = (as: TestUser | null, id: number) => t.request({ method: 'GET', url: `${url}/${id}`, as });
const list = (as: TestUser | null, query = '') => t.request({ method: 'GET', url: `${url}${query}`, as });
const lookup = (as: TestUser | null, query = '') => t.request({ method: 'GET', url: `${url}/lookup${query}`, as });
const ids = (res: { json(): { data: { items: { id: number }[] } } }) => res.json().data.items.map((x) => x.id);
const manager = () => t.make.user({ type: 'affiliate_manager' });
const valid = () => ({ email: uniqueEmail(), password: 'aff-pass-1', firstName: 'Grace', lastName: 'Hopper' });

describe('affiliates: create (PUT)', () => {
  it('creates an affiliate with every field, its managers, tags and team, and answers the detail', async () => {
    const am = await manager();
    const tag = await make.tag();
    const team = await make.team();
    const res = await put(t.admin, [
      {
        ...valid(),
        email: 'Grace.Hopper@Example.com',
        contacts: [
          { type: 'telegram', value: '@grace_hopper' },
          { type: 'phone', value: '+1 (555) 010-0000' },
          { type: 'skype', value: 'live:grace.hopper' },
          { type: 'url', value: 'https://grace.example.com' },
          { type: 'email', value: 'grace@example.com' },
        ],
        birthDate: '1990-12-09',
        timezone: 'Europe/Kyiv (+02:00)',
        language: 'ru',
        managerIds: [am.id],
        tagIds: [tag.id],
        teamId: team.id,
        acceptColdTraffic: true,
        acceptInvalidLeads: true,
        redirectToAdvertiser: 'via_thank_you_page',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Affiliate created');
    const [a] = res.json().data.items;
    expect(a).toMatchObject({
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      status: 'active',
      role: { type: 'affiliate' },
      birthDate: '1990-12-09',
      timezone: 'Europe/Kyiv',
      language: 'ru',
      managers: [{ id: am.id, email: am.email }],
      tags: [{ id: tag.id, title: tag.title }],
      team: { id: team.id, title: team.title },
      acceptColdTraffic: true,
      acceptInvalidLeads: true,
      redirectToAdvertiser: 'via_thank_you_page',
      trafficBlocked: false,
      accessBlocked: false,
      assignedOffers: 0,
      createdBy: { id: t.admin.id },
      editable: true,
    });
    expect(a.contacts).toHaveLength(5);
    expect(a.apiToken).toMatch(/^[\w-]{20,}$/);
    expect(a.createdAt).toBe(Math.floor(t.clock.now.getTime() / 1000));
    // it can sign in with the given password, and no e-mail was needed
    await make.signInAffiliate(a);
    expect(t.mailer.sent.filter((m) => m.to === a.email)).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, a.id)));
    expect(audit).toMatchObject({ userId: t.admin.id, action: 'create' });
  });

  it('generates a password when none is given and e-mails it', async () => {
    const email = uniqueEmail();
    const res = await put(t.admin, [{ email, firstName: 'Linus' }]);
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.sent.find((m) => m.to === email)!;
    expect(mail.text).toContain(email);
    const password = /Password: (\S+)/.exec(mail.text)![1];
    expect((await t.signIn(email, password)).token).toBeTruthy();
  });

  it('reports each invalid field at its place and writes nothing', async () => {
    const taken = await make.affiliate();
    const employee = await t.make.user({ type: 'employee' });
    const otherTypeTag = await make.tag(undefined, 'offer');
    const inactiveTag = await make.tag(undefined, 'affiliate', 'inactive');
    const res = await put(t.admin, [
      { email: 'not-an-email', firstName: '', password: 'abc', birthDate: '2020-01-01', timezone: 'Mars/Base', language: 'xx' },
      {
        ...valid(),
        email: taken.email.toUpperCase(),
        contacts: [{ type: 'telegram', value: 'a b' }],
        redirectToAdvertiser: 'sometimes',
        status: 'blocked',
      },
    ]);
    expect(res.statusCode).toBe(400);
    const errs = res.json().errors.map((e: { msg: string; loc: unknown[] }) => [e.loc.join('.'), e.msg]);
    expect(errs).toEqual(
      expect.arrayContaining([
        ['body.items.0.email', 'email'],
        ['body.items.0.password', 'password'],
        ['body.items.0.firstName', 'required'],
        ['body.items.0.birthDate', 'age'],
        ['body.items.0.timezone', 'pattern'],
        ['body.items.0.language', 'pattern'],
        ['body.items.1.contacts.0.value', 'pattern'],
        ['body.items.1.redirectToAdvertiser', 'pattern'],
        ['body.items.1.status', 'pattern'],
      ]),
    );
    // business checks: a taken e-mail (any case), a non-manager, tags of another type or inactive, an unknown team, a role of another type
    const team = await make.team({ status: 'inactive' });
    const second = await put(t.admin, [
      {
        ...valid(),
        email: taken.email.toUpperCase(),
        managerIds: [employee.id],
        tagIds: [otherTypeTag.id, inactiveTag.id],
        teamId: 999_999,
      },
      { ...valid(), teamId: team.id, roleId: await t.make.systemRoleId('employee') },
    ]);
    expect(second.statusCode).toBe(400);
    expect(second.json().errors.map((e: { type: string; loc: unknown[] }) => [e.loc.join('.'), e.type])).toEqual([
      ['body.items.0.email', 'unique'],
      ['body.items.1.roleId', 'roleType'],
      ['body.items.0.managerIds.0', 'manager'],
      ['body.items.0.tagIds.0', 'exists'],
      ['body.items.0.tagIds.1', 'inactive'],
      ['body.items.0.teamId', 'exists'],
      ['body.items.1.teamId', 'inactive'],
    ]);
    const dup = await put(t.admin, [
      { ...valid(), email: 'same@people.test' },
      { ...valid(), email: 'SAME@people.test' },
    ]);
    expect(dup.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 1, 'email'] }]);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'same@people.test'))).toEqual([]);
  });

  it('needs a sign-in and user.update', async () => {
    expect((await put(null, [valid()])).statusCode).toBe(401);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await put(aff, [valid()])).statusCode).toBe(403);
    const reader = await t.make.user({ type: 'affiliate_manager', permissions: ['front.menu.affiliates.read', 'affiliate.read'] });
    expect((await put(reader, [valid()])).statusCode).toBe(403);
  });

  it('makes an affiliate manager who works on assigned affiliates a manager of what it creates', async () => {
    const am = await manager();
    const res = await put(am, [valid()]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0].managers.map((m: { id: number }) => m.id)).toEqual([am.id]);
  });
});

describe('affiliates: read (GET)', () => {
  it('lists with filters, search, order, paging and meta', async () => {
    const am = await manager();
    const tag = await make.tag();
    const team = await make.team();
    const a = await make.affiliate({ firstName: 'Zelda', lastName: 'Quinn', managerIds: [am.id], tagIds: [tag.id] });
    const b = await make.affiliate({ firstName: 'Yuri', lastName: 'Quinn', teamId: team.id });
    const c = await make.affiliate({ firstName: 'Xena', lastName: 'Quinn', status: 'inactive' });
    expect(ids(await list(t.admin, `?managerId=${am.id}`))).toEqual([a.id]);
    expect(ids(await list(t.admin, `?teamId=${team.id}`))).toEqual([b.id]);
    expect(ids(await list(t.admin, `?tagIds=${tag.id}`))).toEqual([a.id]);
    expect(ids(await list(t.admin, '?search=quinn&orderBy=name:asc'))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(t.admin, '?search=quinn&status=active&orderBy=firstName:desc'))).toEqual([a.id, b.id]);
    expect(ids(await list(t.admin, `?search=${a.email.toUpperCase()}`))).toEqual([a.id]);
    expect(ids(await list(t.admin, `?search=${b.id}`))).toContain(b.id);
    expect(ids(await list(t.admin, `?search=${c.secureId}`))).toEqual([c.id]);
    const paged = await list(t.admin, '?search=quinn&orderBy=id:asc&limit=2&offset=1&withMeta=1');
    expect(ids(paged)).toEqual([b.id, c.id]);
    expect(paged.json().data.meta).toEqual({ totalCount: 3, minDate: expect.any(Number), maxDate: expect.any(Number) });
    const now = Math.floor(t.clock.now.getTime() / 1000);
    expect(ids(await list(t.admin, `?search=quinn&createdFrom=${now + 10}`))).toEqual([]);
    expect(ids(await list(t.admin, `?search=quinn&createdTo=${now}`)).length).toBe(3);
  });

  it('refuses unknown order fields, statuses and bad filters', async () => {
    expect((await list(t.admin, '?orderBy=passwordHash:asc')).json().errors[0].loc).toEqual(['querystring', 'orderBy']);
    expect((await list(t.admin, '?status=deleted')).json().errors[0].loc).toEqual(['querystring', 'status']);
    expect((await list(t.admin, '?createdFrom=yesterday')).json().errors[0].loc).toEqual(['querystring', 'createdFrom']);
    expect((await list(t.admin, '?managerId=x')).statusCode).toBe(400);
  });

  it('answers the detail by id, 404 for an unknown id or a non-affiliate', async () => {
    const a = await make.affiliate();
    const res = await get(t.admin, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ id: a.id, email: a.email, apiToken: a.apiToken });
    expect((await get(t.admin, 999_999)).statusCode).toBe(404);
    expect((await get(t.admin, t.admin.id)).statusCode).toBe(404);
  });

  it('needs the affiliates menu permission; affiliates read themselves through /users/:id only', async () => {
    const a = await make.affiliate();
    const me = await make.signInAffiliate(a);
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(me)).statusCode).toBe(403);
    expect((await get(me, a.id)).statusCode).toBe(403);
    const own = await t.request({ method: 'GET', url: `/api/v1/users/${a.id}?with=team,trafficBlocked,apiToken`, as: me });
    expect(own.json().data.items[0]).toMatchObject({ id: a.id, team: null, trafficBlocked: false, apiToken: a.apiToken });
    const other = await make.affiliate();
    expect((await t.request({ method: 'GET', url: `/api/v1/users/${other.id}`, as: me })).statusCode).toBe(404);
  });

  it('hides the API token from staff who may not edit the affiliate', async () => {
    const a = await make.affiliate();
    const reader = await t.make.user({ type: 'employee', permissions: ['front.menu.affiliates.read', 'affiliate.read', 'user.read'] });
    const res = await get(reader, a.id);
    expect(res.json().data.items[0]).toMatchObject({ apiToken: null, editable: false });
  });
});

describe('affiliates: scope of an affiliate manager (assigned only)', () => {
  it('sees and edits only the affiliates it manages: every other one is a 404, in no list and no look-up', async () => {
    const mine = await manager();
    const other = await manager();
    const own = await make.affiliate({ managerIds: [mine.id] });
    const foreign = await make.affiliate({ managerIds: [other.id] });
    const loose = await make.affiliate();

    expect((await get(mine, own.id)).statusCode).toBe(200);
    for (const id of [foreign.id, loose.id]) {
      const res = await get(mine, id);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(foreign.email);
    }
    const listed = ids(await list(mine, '?limit=1000'));
    expect(listed).toContain(own.id);
    expect(listed).not.toContain(foreign.id);
    expect(listed).not.toContain(loose.id);
    // even when filtering by the other manager
    expect(ids(await list(mine, `?managerId=${other.id}`))).toEqual([]);
    const looked = await lookup(mine, '?limit=1000');
    expect(ids(looked)).toContain(own.id);
    expect(ids(looked)).not.toContain(foreign.id);
    expect((await lookup(mine, `?ids=${foreign.id}`)).json().data).toEqual({ items: [], meta: { totalCount: 0 } });

    // writes: 404 for the unseen one, nothing changed
    expect((await patch(mine, [{ id: foreign.id, firstName: 'Hacked' }])).statusCode).toBe(404);
    expect(
      (
        await patch(mine, [
          { id: own.id, firstName: 'Fine' },
          { id: foreign.id, firstName: 'Hacked' },
        ])
      ).json().errors[0].loc,
    ).toEqual(['body', 'items', 1, 'id']);
    expect(
      (await make.block('affiliates', [{ id: foreign.id, action: 'block', blockType: 'traffic', reason: 'x' }], mine)).statusCode,
    ).toBe(404);
    expect((await status(mine, [{ id: foreign.id, status: 'inactive' }])).statusCode).toBe(404);
    expect((await bulk(mine, { ids: [foreign.id], acceptColdTraffic: true })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}/${foreign.id}/block-history`, as: mine })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, foreign.id));
    expect(row.firstName).toBe('Ada');

    // the users module applies the same rule
    expect((await t.request({ method: 'GET', url: `/api/v1/users/${foreign.id}`, as: mine })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/v1/users/${own.id}`, as: mine })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/v1/users/${foreign.id}/regenerate-api-token`, as: mine })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PATCH', url: '/api/v1/users', as: mine, payload: { items: [{ id: foreign.id, firstName: 'X' }] } }))
        .statusCode,
    ).toBe(404);
    const regen = await t.request({ method: 'POST', url: `/api/v1/users/${own.id}/regenerate-api-token`, as: mine });
    expect(regen.statusCode).toBe(200);
    expect((await get(mine, own.id)).json().data.items[0].apiToken).toBe(regen.json().data.apiToken);
  });

  it('reads but cannot edit with the assigned read variant only (403), and sees all with affiliate.read', async () => {
    const reader = await t.make.user({
      type: 'affiliate_manager',
      permissions: ['front.menu.affiliates.read', 'affiliate.assigned.read', 'user.update'],
    });
    const a = await make.affiliate({ managerIds: [reader.id] });
    expect((await get(reader, a.id)).json().data.items[0].editable).toBe(false);
    const res = await patch(reader, [{ id: a.id, firstName: 'X' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 0, 'id']);
    const all = await t.make.user({ type: 'employee', permissions: ['front.menu.affiliates.read', 'affiliate.read'] });
    expect((await get(all, a.id)).statusCode).toBe(200);
    const none = await t.make.user({ type: 'employee', permissions: ['front.menu.affiliates.read'] });
    expect((await get(none, a.id)).statusCode).toBe(404);
    expect((await list(none)).json().data.items).toEqual([]);
  });

  it('keeps the manager among the managers when it edits them', async () => {
    const am = await manager();
    const other = await manager();
    const a = await make.affiliate({ managerIds: [am.id] });
    const res = await patch(am, [{ id: a.id, managerIds: [other.id] }]);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.items[0].managers.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([am.id, other.id].sort());
  });
});

describe('affiliates: edit (PATCH) and bulk edit', () => {
  it('edits one or many, writes the audit, and a new password signs the affiliate out', async () => {
    const a = await make.affiliate();
    const b = await make.affiliate();
    const session = await make.signInAffiliate(a);
    const team = await make.team();
    const res = await patch(t.admin, [
      { id: a.id, firstName: 'Edited', password: 'new-pass-99', redirectToAdvertiser: 'no_redirect', teamId: team.id },
      { id: b.id, acceptInvalidLeads: true, contacts: [{ type: 'email', value: 'b@example.com' }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 affiliates saved');
    expect(res.json().data.items[0]).toMatchObject({ firstName: 'Edited', redirectToAdvertiser: 'no_redirect', team: { id: team.id } });
    expect(res.json().data.items[1]).toMatchObject({ acceptInvalidLeads: true, contacts: [{ type: 'email', value: 'b@example.com' }] });
    expect((await make.refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await t.signIn(a.email, 'new-pass-99')).token).toBeTruthy();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'update')));
    expect(audits[0].changes).toMatchObject({
      before: { firstName: 'Ada', teamId: null },
      after: { firstName: 'Edited', teamId: team.id },
      passwordChanged: true,
    });
    // out of the team again
    expect((await patch(t.admin, [{ id: a.id, teamId: null }])).json().data.items[0].team).toBeNull();
  });

  it('reports invalid fields, a taken e-mail and a repeated id, writing nothing', async () => {
    const a = await make.affiliate();
    const b = await make.affiliate();
    const res = await patch(t.admin, [
      { id: a.id, email: b.email, firstName: 'Changed' },
      { id: b.id, birthDate: '2030-02-30', managerIds: [1, 1] },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.items.1.birthDate', 'body.items.1.managerIds']),
    );
    const taken = await patch(t.admin, [{ id: a.id, email: b.email, firstName: 'Changed' }]);
    expect(taken.json().errors).toEqual([{ msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'email'] }]);
    // its own e-mail is not a clash
    expect((await patch(t.admin, [{ id: a.id, email: a.email.toUpperCase() }])).statusCode).toBe(200);
    const twice = await patch(t.admin, [{ id: a.id }, { id: a.id }]);
    expect(twice.json().errors[0]).toMatchObject({ msg: 'unique', loc: ['body', 'items', 1, 'id'] });
    expect((await get(t.admin, a.id)).json().data.items[0].firstName).toBe('Ada');
    expect((await patch(t.admin, [{ id: 999_999, firstName: 'X' }])).statusCode).toBe(404);
    expect((await patch(null, [{ id: a.id }])).statusCode).toBe(401);
  });

  it('bulk edits managers, tags, team and flags by mode', async () => {
    const m1 = await manager();
    const m2 = await manager();
    const t1 = await make.tag();
    const t2 = await make.tag();
    const team = await make.team();
    const a = await make.affiliate({ managerIds: [m1.id], tagIds: [t1.id] });
    const b = await make.affiliate({ tagIds: [t2.id] });
    const added = await bulk(t.admin, {
      ids: [a.id, b.id],
      managerIds: [m2.id],
      managersMode: 'add',
      tagIds: [t1.id],
      tagsMode: 'add',
      teamId: team.id,
      acceptColdTraffic: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    const [ra, rb] = added.json().data.items;
    expect(ra.managers.map((m: { id: number }) => m.id).sort()).toEqual([m1.id, m2.id].sort());
    expect(rb.managers.map((m: { id: number }) => m.id)).toEqual([m2.id]);
    expect(rb.tags.map((x: { id: number }) => x.id).sort()).toEqual([t1.id, t2.id].sort());
    expect([ra.team?.id, rb.team?.id, ra.acceptColdTraffic, rb.acceptColdTraffic]).toEqual([team.id, team.id, true, true]);
    const removed = await bulk(t.admin, {
      ids: [a.id, b.id],
      tagIds: [t1.id],
      tagsMode: 'remove',
      managerIds: [m1.id],
      managersMode: 'replace',
      teamId: null,
    });
    const [xa, xb] = removed.json().data.items;
    expect(xa.tags).toEqual([]);
    expect(xb.tags.map((x: { id: number }) => x.id)).toEqual([t2.id]);
    expect(xa.managers.map((m: { id: number }) => m.id)).toEqual([m1.id]);
    expect([xa.team, xb.team]).toEqual([null, null]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, 'bulk_edit')));
    expect(audits).toHaveLength(2);
  });

  it('validates a bulk edit and needs user.update', async () => {
    const a = await make.affiliate();
    expect((await bulk(t.admin, { ids: [] })).json().errors[0].loc).toEqual(['body', 'data', 'ids']);
    const employee = await t.make.user({ type: 'employee' });
    expect((await bulk(t.admin, { ids: [a.id], managerIds: [employee.id] })).json().errors[0].loc).toEqual([
      'body',
      'data',
      'managerIds',
      0,
    ]);
    expect((await bulk(t.admin, { ids: [a.id], managersMode: 'merge' })).json().errors[0].loc).toEqual(['body', 'data', 'managersMode']);
    expect((await bulk(t.admin, { ids: [a.id, 999_999], acceptColdTraffic: true })).json().errors[0].loc).toEqual([
      'body',
      'data',
      'ids',
      1,
    ]);
    expect((await bulk(await t.make.user({ type: 'affiliate' }), { ids: [a.id] })).statusCode).toBe(403);
  });
});

describe('affiliates: status', () => {
  it('deactivates (the affiliate is signed out at its next refresh) and activates again', async () => {
    const a = await make.affiliate();
    const session = await make.signInAffiliate(a);
    const res = await status(t.admin, [{ id: a.id, status: 'inactive', reason: 'paused' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ status: 'inactive', statusChangedAt: expect.any(Number) });
    expect((await make.refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await status(t.admin, [{ id: a.id, status: 'active' }])).json().data.items[0].status).toBe('active');
    expect((await status(t.admin, [{ id: a.id, status: 'blocked' }])).json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
  });
});

describe('affiliates: blocking (product §4)', () => {
  it('needs a blocking type and a reason of 1-500 characters to block', async () => {
    const a = await make.affiliate();
    const noReason = await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'traffic' }]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ msg: 'required', type: 'custom', loc: ['body', 'items', 0, 'reason'] }]);
    const blank = await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'access', reason: '   ' }]);
    expect(blank.json().errors[0].loc).toEqual(['body', 'items', 0, 'reason']);
    const long = await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'access', reason: 'x'.repeat(501) }]);
    expect(long.json().errors[0]).toMatchObject({ msg: 'minMaxLength', loc: ['body', 'items', 0, 'reason'] });
    const full = await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'full', reason: 'x' }]);
    expect(full.json().errors[0]).toMatchObject({ msg: 'pattern', loc: ['body', 'items', 0, 'blockType'] });
    const noType = await make.block('affiliates', [{ id: a.id, action: 'block', reason: 'x' }]);
    expect(noType.json().errors[0].loc).toEqual(['body', 'items', 0, 'blockType']);
    expect(
      (
        await make.block(
          'affiliates',
          [{ id: a.id, action: 'block', blockType: 'traffic', reason: 'x' }],
          await t.make.user({ type: 'affiliate' }),
        )
      ).statusCode,
    ).toBe(403);
  });

  it('blocks traffic: the flags, the refresh extraInfo, the history and the audit', async () => {
    const a = await make.affiliate();
    const session = await make.signInAffiliate(a);
    const res = await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'traffic', reason: 'Fraudulent clicks' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Affiliate blocked');
    expect(res.json().data.items[0]).toMatchObject({
      trafficBlocked: true,
      ownTrafficBlocked: true,
      teamTrafficBlocked: false,
      trafficBlockedAt: expect.any(Number),
      blockReason: 'Fraudulent clicks',
      status: 'active',
    });
    const refreshed = await make.refresh(session.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.extraInfo.trafficBlocked).toBe(true);
    const history = await t.request({ method: 'GET', url: `${url}/${a.id}/block-history?withMeta=1`, as: t.admin });
    expect(history.json().data).toEqual({
      items: [
        {
          id: expect.any(Number),
          action: 'block',
          blockType: 'traffic',
          reason: 'Fraudulent clicks',
          createdAt: expect.any(Number),
          createdBy: expect.objectContaining({ id: t.admin.id }),
          teamId: null,
        },
      ],
      meta: { totalCount: 1 },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'block')));
    expect(audit.changes).toMatchObject({ after: { trafficBlocked: true }, blockType: 'traffic', reason: 'Fraudulent clicks' });
    const unblocked = await make.block('affiliates', [{ id: a.id, action: 'unblock', blockType: 'traffic' }]);
    expect(unblocked.json().data.items[0]).toMatchObject({ trafficBlocked: false, trafficBlockedAt: null, blockReason: null });
    // unblocking what is not blocked changes nothing and records nothing
    await make.block('affiliates', [{ id: a.id, action: 'unblock', blockType: 'full' }]);
    expect(
      await t.database.db
        .select()
        .from(blockEvents)
        .where(and(eq(blockEvents.entity, 'user'), eq(blockEvents.entityId, a.id))),
    ).toHaveLength(2);
  });

  it('blocks access: signed out at the next refresh (401), refused at sign-in, back after an unblock', async () => {
    const a = await make.affiliate();
    const session = await make.signInAffiliate(a);
    const res = await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'access', reason: 'Chargebacks' }]);
    expect(res.json().data.items[0]).toMatchObject({ status: 'blocked', accessBlocked: true, blockReason: 'Chargebacks' });
    expect((await make.refresh(session.refreshToken)).statusCode).toBe(401);
    // the access token stops working at once too
    expect((await t.request({ method: 'GET', url: `/api/v1/users/${a.id}`, as: session })).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email: a.email, password: 'aff-pass-1' } });
    expect(login.statusCode).toBe(403);
    const back = await make.block('affiliates', [{ id: a.id, action: 'unblock', blockType: 'access', reason: 'Settled' }]);
    expect(back.json().data.items[0]).toMatchObject({ status: 'active', accessBlocked: false, blockReason: null });
    expect((await make.signInAffiliate(a)).token).toBeTruthy();
  });

  it('unblocks fully: traffic and access at once', async () => {
    const a = await make.affiliate();
    await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'traffic', reason: 'one' }]);
    await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'access', reason: 'two' }]);
    expect((await get(t.admin, a.id)).json().data.items[0]).toMatchObject({ trafficBlocked: true, status: 'blocked', blockReason: 'two' });
    const res = await make.block('affiliates', [{ id: a.id, action: 'unblock', blockType: 'full' }]);
    expect(res.json().data.items[0]).toMatchObject({ trafficBlocked: false, status: 'active', blockReason: null });
  });

  it('refuses to unblock an affiliate of a blocked team until it leaves the team or the team is unblocked', async () => {
    const a = await make.affiliate();
    await make.block('affiliates', [{ id: a.id, action: 'block', blockType: 'traffic', reason: 'Bots' }]);
    const team = await make.team({ members: [{ userId: a.id }] });
    await make.block('teams', [{ id: team.id, action: 'block', blockType: 'traffic', reason: 'Team fraud' }]);
    const refused = await make.block('affiliates', [{ id: a.id, action: 'unblock', blockType: 'traffic' }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `The affiliate is in the blocked team "${team.title}". Remove it from the team or unblock the team first`,
    );
    expect(refused.json().errors[0].loc).toEqual(['body', 'items', 0, 'action']);
    expect((await get(t.admin, a.id)).json().data.items[0]).toMatchObject({ ownTrafficBlocked: true, teamTrafficBlocked: true });
    // the team's entries show on the member's history
    const history = (await t.request({ method: 'GET', url: `${url}/${a.id}/block-history`, as: t.admin })).json().data.items;
    expect(history[0]).toMatchObject({ action: 'block', reason: 'Team fraud', teamId: team.id });
    await make.block('teams', [{ id: team.id, action: 'unblock', blockType: 'traffic' }]);
    const ok = await make.block('affiliates', [{ id: a.id, action: 'unblock', blockType: 'traffic' }]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.items[0].trafficBlocked).toBe(false);

    // an access-blocked team refuses too; leaving the team lifts the refusal
    const b = await make.affiliate();
    await make.block('affiliates', [{ id: b.id, action: 'block', blockType: 'access', reason: 'x' }]);
    const other = await make.team({ members: [{ userId: b.id }] });
    await make.block('teams', [{ id: other.id, action: 'block', blockType: 'access', reason: 'y' }]);
    expect((await make.block('affiliates', [{ id: b.id, action: 'unblock', blockType: 'access' }])).statusCode).toBe(409);
    await t.request({ method: 'DELETE', url: `/api/v1/teams/${other.id}/members`, as: t.admin, payload: { data: [b.id] } });
    expect((await make.block('affiliates', [{ id: b.id, action: 'unblock', blockType: 'access' }])).statusCode).toBe(200);
  });
});

describe('affiliates: look-up', () => {
  it('answers by purpose with search, limit=1 counts and limit=5 previews; staff only', async () => {
    const stamp = `Lookup${Date.now()}`;
    const active = await Promise.all(Array.from({ length: 6 }, () => make.affiliate({ lastName: stamp })));
    const inactive = await make.affiliate({ lastName: stamp, status: 'inactive' });
    const count = await lookup(t.admin, `?search=${stamp}&limit=1`);
    expect(count.json().data.items).toHaveLength(1);
    expect(count.json().data.meta.totalCount).toBe(7);
    expect((await lookup(t.admin, `?search=${stamp}&limit=5&purpose=campaign`)).json().data).toMatchObject({
      items: expect.any(Array),
      meta: { totalCount: 6 },
    });
    expect(ids(await lookup(t.admin, `?search=${stamp}&limit=5&purpose=assignment`))).toHaveLength(5);
    expect(ids(await lookup(t.admin, `?search=${stamp}&purpose=filter`))).toContain(inactive.id);
    expect(ids(await lookup(t.admin, `?search=${stamp}&purpose=postback`))).not.toContain(inactive.id);
    expect(ids(await lookup(t.admin, `?ids=${inactive.id},${active[0].id}&purpose=assignment`)).sort()).toEqual(
      [inactive.id, active[0].id].sort(),
    );
    expect((await lookup(t.admin, '?purpose=everything')).json().errors[0].loc).toEqual(['querystring', 'purpose']);
    expect((await lookup(await t.make.user({ type: 'affiliate' }))).statusCode).toBe(403);
    expect((await lookup(null)).statusCode).toBe(401);
    const item = (await lookup(t.admin, `?ids=${active[0].id}`)).json().data.items[0];
    expect(Object.keys(item).sort()).toEqual(['email', 'firstName', 'id', 'lastName', 'secureId', 'status', 'team', 'trafficBlocked']);
  });
});

describe('users/managers look-up', () => {
  it('lists active admins and affiliate managers for filters, with search and counts', async () => {
    const am = await manager();
    const employee = await t.make.user({ type: 'employee' });
    const inactive = await t.make.user({ type: 'affiliate_manager', status: 'inactive', signIn: false });
    const res = await t.request({ method: 'GET', url: '/api/v1/users/managers?limit=1000', as: am });
    expect(res.statusCode).toBe(200);
    const found = ids(res);
    expect(found).toEqual(expect.arrayContaining([am.id, t.admin.id]));
    expect(found).not.toContain(employee.id);
    expect(found).not.toContain(inactive.id);
    const search = await t.request({
      method: 'GET',
      url: `/api/v1/users/managers?search=${encodeURIComponent(am.email)}&limit=1`,
      as: t.admin,
    });
    expect(search.json().data).toEqual({
      items: [expect.objectContaining({ id: am.id, roleType: 'affiliate_manager', status: 'active' })],
      meta: { totalCount: 1 },
    });
    expect(ids(await t.request({ method: 'GET', url: `/api/v1/users/managers?ids=${inactive.id}`, as: t.admin }))).toEqual([inactive.id]);
    expect(ids(await t.request({ method: 'GET', url: '/api/v1/users/managers?roleType=admin&limit=1000', as: t.admin }))).not.toContain(
      am.id,
    );
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/managers', as: await t.make.user({ type: 'affiliate' }) })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/users/managers' })).statusCode).toBe(401);
  });
});
