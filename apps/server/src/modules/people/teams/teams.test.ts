import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, teamMembers } from '../../../db/schema';
import { useApp, type TestUser } from '../../../../test/helper';
import { people } from '../people.fixtures';

const t = await useApp();
const make = people(t);
const url = '/api/v1/teams';

const put = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url, as, payload: { items } });
const patch = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PATCH', url, as, payload: { items } });
const get = (as: TestUser | null, id: number) => t.request({ method: 'GET', url: `${url}/${id}`, as });
const list = (as: TestUser | null, query = '') => t.request({ method: 'GET', url: `${url}${query}`, as });
const addMembers = (as: TestUser | null, id: number, items: unknown[]) =>
  t.request({ method: 'POST', url: `${url}/${id}/members`, as, payload: { items } });
const removeMembers = (as: TestUser | null, id: number, data: number[]) =>
  t.request({ method: 'DELETE', url: `${url}/${id}/members`, as, payload: { data } });
const ids = (res: { json(): { data: { items: { id: number }[] } } }) => res.json().data.items.map((x) => x.id);
const manager = () => t.make.user({ type: 'affiliate_manager' });

describe('teams: create and read', () => {
  it('creates a team with managers, flags and members, and reads it back', async () => {
    const am = await manager();
    const a = await make.affiliate({ firstName: 'Bob' });
    const b = await make.affiliate({ firstName: 'Alice' });
    const res = await put(t.admin, [
      {
        title: 'Rockets',
        description: 'Top sellers',
        managerIds: [am.id],
        acceptColdTraffic: true,
        members: [{ userId: a.id, role: 'leader' }, { userId: b.id }],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Team created');
    const team = res.json().data.items[0];
    expect(team).toMatchObject({
      title: 'Rockets',
      description: 'Top sellers',
      status: 'active',
      trafficBlocked: false,
      accessBlocked: false,
      acceptColdTraffic: true,
      acceptInvalidLeads: false,
      managers: [{ id: am.id }],
      membersCount: 2,
      createdBy: { id: t.admin.id },
      editable: true,
    });
    expect(team.members.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [b.id, 'member'],
      [a.id, 'leader'],
    ]);
    expect((await get(t.admin, team.id)).json().data.items[0]).toEqual(team);
    // the affiliate's own answers name the team
    expect((await t.request({ method: 'GET', url: `/api/v1/affiliates/${a.id}`, as: t.admin })).json().data.items[0].team).toEqual({
      id: team.id,
      title: 'Rockets',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'team'), eq(auditLog.entityId, team.id)));
    expect(audit).toMatchObject({ action: 'create', userId: t.admin.id });
  });

  it('refuses a taken title (any case), bad fields and a non-manager, writing nothing', async () => {
    await make.team({ title: 'Unique Squad' });
    const dup = await put(t.admin, [{ title: 'unique squad' }]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({
      message: 'A team with this title already exists',
      errors: [{ msg: 'unique', loc: ['body', 'items', 0, 'title'] }],
    });
    const employee = await t.make.user({ type: 'employee' });
    const bad = await put(t.admin, [
      { title: ' ', description: 'x'.repeat(2001), status: 'blocked' },
      { title: 'Fine squad', managerIds: [employee.id] },
    ]);
    expect(bad.json().errors.map((e: { loc: unknown[] }) => e.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.items.0.title', 'body.items.0.description', 'body.items.0.status']),
    );
    const nonManager = await put(t.admin, [{ title: 'Fine squad', managerIds: [employee.id] }]);
    expect(nonManager.json().errors).toEqual([
      {
        msg: 'A manager must be an active affiliate manager or administrator',
        type: 'manager',
        loc: ['body', 'items', 0, 'managerIds', 0],
      },
    ]);
    expect(ids(await list(t.admin, '?search=Fine squad'))).toEqual([]);
  });

  it('refuses a member who is already in another team, naming the team (409)', async () => {
    const a = await make.affiliate({ firstName: 'Taken', lastName: 'Member' });
    const first = await make.team({ title: 'First home', members: [{ userId: a.id }] });
    const res = await put(t.admin, [{ title: 'Second home', members: [{ userId: a.id }] }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Taken Member is already in the team "First home". Remove it from that team first');
    expect(res.json().errors[0].loc).toEqual(['body', 'items', 0, 'members', 0, 'userId']);
    const again = await addMembers(t.admin, first.id, [{ userId: a.id }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Taken Member is already a member of this team');
  });

  it('lists with search, filters, order, paging and meta', async () => {
    const am = await manager();
    const stamp = `Zq${Date.now()}`;
    const x = await make.team({ title: `${stamp} Alpha`, managerIds: [am.id] });
    const y = await make.team({ title: `${stamp} Beta`, status: 'inactive' });
    const z = await make.team({ title: `${stamp} Gamma`, members: [{ userId: (await make.affiliate()).id }] });
    expect(ids(await list(t.admin, `?search=${stamp}&orderBy=title:desc`))).toEqual([z.id, y.id, x.id]);
    expect(ids(await list(t.admin, `?search=${stamp}&status=active&orderBy=title:asc`))).toEqual([x.id, z.id]);
    expect(ids(await list(t.admin, `?managerId=${am.id}`))).toEqual([x.id]);
    expect(ids(await list(t.admin, `?search=${stamp}&orderBy=membersCount:desc&limit=1&withMeta=1`))).toEqual([z.id]);
    expect((await list(t.admin, `?search=${stamp}&withMeta=1`)).json().data.meta).toEqual({ totalCount: 3 });
    expect(ids(await list(t.admin, `?search=${x.id}`))).toContain(x.id);
    expect((await list(t.admin, '?orderBy=secret:asc')).json().errors[0].loc).toEqual(['querystring', 'orderBy']);
  });

  it('lists members whose role status is not active first, then by name', async () => {
    const names = ['Dana', 'Cleo', 'Bea', 'Ann'];
    const [d, c, b, a] = await Promise.all(names.map((firstName) => make.affiliate({ firstName, lastName: 'Order' })));
    const team = await make.team({ members: [{ userId: a.id }, { userId: b.id, status: 'invited' }, { userId: c.id }, { userId: d.id }] });
    await t.request({
      method: 'POST',
      url: '/api/v1/affiliates/change_status',
      as: t.admin,
      payload: { items: [{ id: d.id, status: 'inactive' }] },
    });
    const members = (await get(t.admin, team.id)).json().data.items[0].members;
    expect(members.map((m: { firstName: string }) => m.firstName)).toEqual(['Bea', 'Dana', 'Ann', 'Cleo']);
    expect(members[0]).toMatchObject({ status: 'invited', userStatus: 'active' });
    expect(members[1]).toMatchObject({ status: 'active', userStatus: 'inactive' });
  });

  it('needs the teams permission to read and team.update to write', async () => {
    const team = await make.team();
    expect((await list(null)).statusCode).toBe(401);
    const aff = await t.make.user({ type: 'affiliate' });
    expect((await list(aff)).statusCode).toBe(403);
    expect((await get(aff, team.id)).statusCode).toBe(403);
    const reader = await t.make.user({ type: 'employee', permissions: ['front.affiliates.teams.read', 'affiliate.read'] });
    expect((await get(reader, team.id)).json().data.items[0].editable).toBe(false);
    expect((await patch(reader, [{ id: team.id, title: 'No' }])).statusCode).toBe(403);
    expect((await put(reader, [{ title: 'No' }])).statusCode).toBe(403);
    expect((await get(t.admin, 999_999)).statusCode).toBe(404);
  });
});

describe('teams: scope of an affiliate manager', () => {
  it('sees and edits only the teams it manages; others are 404 everywhere', async () => {
    const mine = await manager();
    const own = await make.team({ managerIds: [mine.id] });
    const foreign = await make.team();
    expect((await get(mine, own.id)).statusCode).toBe(200);
    expect((await get(mine, foreign.id)).statusCode).toBe(404);
    const listed = ids(await list(mine, '?limit=1000'));
    expect(listed).toContain(own.id);
    expect(listed).not.toContain(foreign.id);
    expect(ids(await t.request({ method: 'GET', url: `${url}/lookup?limit=1000`, as: mine }))).not.toContain(foreign.id);
    expect((await patch(mine, [{ id: foreign.id, title: 'Taken over' }])).statusCode).toBe(404);
    expect((await make.block('teams', [{ id: foreign.id, action: 'block', blockType: 'traffic', reason: 'x' }], mine)).statusCode).toBe(
      404,
    );
    expect((await addMembers(mine, foreign.id, [{ userId: (await make.affiliate({ managerIds: [mine.id] })).id }])).statusCode).toBe(404);
    // it may put only its own affiliates into its teams
    const stranger = await make.affiliate();
    const refused = await addMembers(mine, own.id, [{ userId: stranger.id }]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0].loc).toEqual(['body', 'items', 0, 'userId']);
    // a team it creates is its own
    const created = await put(mine, [{ title: `Mine ${Date.now()}` }]);
    expect(created.json().data.items[0].managers.map((m: { id: number }) => m.id)).toEqual([mine.id]);
  });
});

describe('teams: edit, bulk edit and status', () => {
  it('edits one or many and records the changes', async () => {
    const am = await manager();
    const a = await make.team();
    const b = await make.team();
    const res = await patch(t.admin, [
      { id: a.id, title: `${a.title} renamed`, managerIds: [am.id] },
      { id: b.id, acceptInvalidLeads: true, description: 'New' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 teams saved');
    expect(res.json().data.items[0]).toMatchObject({ title: `${a.title} renamed`, managers: [{ id: am.id }] });
    expect(res.json().data.items[1]).toMatchObject({ acceptInvalidLeads: true, description: 'New' });
    const taken = await patch(t.admin, [{ id: b.id, title: `${a.title.toUpperCase()} RENAMED` }]);
    expect(taken.json().errors[0]).toMatchObject({ msg: 'unique', loc: ['body', 'items', 0, 'title'] });
    expect((await patch(t.admin, [{ id: a.id, title: `${a.title} renamed` }])).statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'update')));
    expect(audit.changes).toMatchObject({ after: { title: `${a.title} renamed`, managerIds: [am.id] } });
  });

  it('bulk edits managers and flags', async () => {
    const m1 = await manager();
    const m2 = await manager();
    const a = await make.team({ managerIds: [m1.id] });
    const b = await make.team();
    const res = await t.request({
      method: 'POST',
      url: `${url}/bulk_edit`,
      as: t.admin,
      payload: { data: { ids: [a.id, b.id], managerIds: [m2.id], managersMode: 'add', acceptColdTraffic: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ra, rb] = res.json().data.items;
    expect(ra.managers.map((m: { id: number }) => m.id).sort()).toEqual([m1.id, m2.id].sort());
    expect(rb.managers.map((m: { id: number }) => m.id)).toEqual([m2.id]);
    expect([ra.acceptColdTraffic, rb.acceptColdTraffic]).toEqual([true, true]);
    const bad = await t.request({ method: 'POST', url: `${url}/bulk_edit`, as: t.admin, payload: { data: { ids: [a.id, 999_999] } } });
    expect(bad.json().errors[0].loc).toEqual(['body', 'data', 'ids', 1]);
  });

  it('changes status; an inactive team takes no new members', async () => {
    const team = await make.team();
    const res = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: team.id, status: 'inactive' }] },
    });
    expect(res.json().data.items[0].status).toBe('inactive');
    const add = await addMembers(t.admin, team.id, [{ userId: (await make.affiliate()).id }]);
    expect(add.statusCode).toBe(422);
    const bad = await t.request({
      method: 'POST',
      url: `${url}/change_status`,
      as: t.admin,
      payload: { items: [{ id: team.id, status: 'deleted' }] },
    });
    expect(bad.json().errors[0].loc).toEqual(['body', 'items', 0, 'status']);
  });
});

describe('teams: members', () => {
  it('adds, changes and removes members', async () => {
    const team = await make.team();
    const a = await make.affiliate();
    const b = await make.affiliate();
    const added = await addMembers(t.admin, team.id, [{ userId: a.id }, { userId: b.id, role: 'leader' }]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('2 members added');
    expect(added.json().data.items[0].membersCount).toBe(2);
    const changed = await t.request({
      method: 'PATCH',
      url: `${url}/${team.id}/members`,
      as: t.admin,
      payload: { items: [{ userId: a.id, status: 'inactive' }] },
    });
    expect(changed.json().data.items[0].members[0]).toMatchObject({ id: a.id, status: 'inactive' });
    const removed = await removeMembers(t.admin, team.id, [a.id]);
    expect(removed.json().data.items[0].members.map((m: { id: number }) => m.id)).toEqual([b.id]);
    const notMember = await removeMembers(t.admin, team.id, [a.id]);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().errors[0].loc).toEqual(['body', 'data', 0]);
    expect((await addMembers(t.admin, team.id, [{ userId: t.admin.id }])).statusCode).toBe(404);
    expect((await addMembers(t.admin, team.id, [{ userId: a.id }, { userId: a.id }])).json().errors[0].loc).toEqual([
      'body',
      'items',
      1,
      'userId',
    ]);
    expect((await addMembers(t.admin, team.id, [{ userId: 'x' }])).statusCode).toBe(400);
    expect((await addMembers(await t.make.user({ type: 'affiliate' }), team.id, [{ userId: a.id }])).statusCode).toBe(403);
  });

  it("shows a member its own team's title and members' names, and nothing else", async () => {
    const a = await make.affiliate({ firstName: 'Mia' });
    const b = await make.affiliate({ firstName: 'Noa' });
    const team = await make.team({ members: [{ userId: a.id }, { userId: b.id }] });
    const me = await make.signInAffiliate(a);
    const res = await t.request({ method: 'GET', url: `${url}/my`, as: me });
    expect(res.json().data.items).toEqual([
      {
        id: team.id,
        title: team.title,
        members: [
          { id: a.id, firstName: 'Mia', lastName: a.lastName, role: 'member' },
          { id: b.id, firstName: 'Noa', lastName: b.lastName, role: 'member' },
        ],
      },
    ]);
    expect((await get(me, team.id)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/v1/affiliates/${b.id}`, as: me })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/v1/users/${b.id}`, as: me })).statusCode).toBe(404);
    const own = await t.request({ method: 'GET', url: `/api/v1/users/${a.id}?with=team`, as: me });
    expect(own.json().data.items[0].team).toEqual({ id: team.id, title: team.title });
    const loner = await make.signInAffiliate(await make.affiliate());
    expect((await t.request({ method: 'GET', url: `${url}/my`, as: loner })).json().data.items).toEqual([]);
    expect((await t.request({ method: 'GET', url: `${url}/my` })).statusCode).toBe(401);
  });
});

describe('teams: blocking (product §4)', () => {
  it("blocking a team's traffic blocks every member's traffic (their effective block) until it is unblocked", async () => {
    const a = await make.affiliate();
    const team = await make.team({ members: [{ userId: a.id }] });
    const session = await make.signInAffiliate(a);
    const noReason = await make.block('teams', [{ id: team.id, action: 'block', blockType: 'traffic' }]);
    expect(noReason.json().errors[0].loc).toEqual(['body', 'items', 0, 'reason']);
    const res = await make.block('teams', [{ id: team.id, action: 'block', blockType: 'traffic', reason: 'Incentivised traffic' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({
      trafficBlocked: true,
      trafficBlockedAt: expect.any(Number),
      blockReason: 'Incentivised traffic',
    });
    expect((await t.request({ method: 'GET', url: `/api/v1/affiliates/${a.id}`, as: t.admin })).json().data.items[0]).toMatchObject({
      trafficBlocked: true,
      ownTrafficBlocked: false,
      teamTrafficBlocked: true,
    });
    expect((await make.refresh(session.refreshToken)).json().data.extraInfo.trafficBlocked).toBe(true);
    expect(ids(await t.request({ method: 'GET', url: `/api/v1/affiliates?trafficBlocked=1&teamId=${team.id}`, as: t.admin }))).toEqual([
      a.id,
    ]);
    const history = await t.request({ method: 'GET', url: `${url}/${team.id}/block-history`, as: t.admin });
    expect(history.json().data.items[0]).toMatchObject({
      action: 'block',
      blockType: 'traffic',
      reason: 'Incentivised traffic',
      createdBy: { id: t.admin.id },
    });
    const unblocked = await make.block('teams', [{ id: team.id, action: 'unblock', blockType: 'traffic' }]);
    expect(unblocked.json().data.items[0]).toMatchObject({ trafficBlocked: false, blockReason: null });
    expect((await t.request({ method: 'GET', url: `/api/v1/affiliates/${a.id}`, as: t.admin })).json().data.items[0].trafficBlocked).toBe(
      false,
    );
  });

  it("blocking a team's access signs its members out and refuses their sign-in; a new member is signed out too", async () => {
    const a = await make.affiliate();
    const team = await make.team({ members: [{ userId: a.id }] });
    const session = await make.signInAffiliate(a);
    await make.block('teams', [{ id: team.id, action: 'block', blockType: 'access', reason: 'Abuse' }]);
    // the access token still in the member's hands stops working at once, not when it expires
    expect((await t.request({ method: 'GET', url: `/api/v1/users/${a.id}`, as: session.token })).statusCode).toBe(401);
    expect((await make.refresh(session.refreshToken)).statusCode).toBe(401);
    const login = await t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email: a.email, password: 'aff-pass-1' } });
    expect(login.statusCode).toBe(403);
    const b = await make.affiliate();
    const bSession = await make.signInAffiliate(b);
    await addMembers(t.admin, team.id, [{ userId: b.id }]);
    expect((await make.refresh(bSession.refreshToken)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/v1/affiliates/${b.id}`, as: t.admin })).json().data.items[0]).toMatchObject({
      accessBlocked: true,
      teamAccessBlocked: true,
      status: 'active',
    });
    await make.block('teams', [{ id: team.id, action: 'unblock', blockType: 'full' }]);
    expect((await make.signInAffiliate(a)).token).toBeTruthy();
    expect(await t.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toHaveLength(2);
  });
});

describe('teams: look-up', () => {
  it('answers filters (every status) and assignment (active only) with counts and previews', async () => {
    const stamp = `Lk${Date.now()}`;
    const active = await make.team({ title: `${stamp} one` });
    const inactive = await make.team({ title: `${stamp} two`, status: 'inactive' });
    const lookup = (q: string, as: TestUser | null = t.admin) => t.request({ method: 'GET', url: `${url}/lookup${q}`, as });
    expect((await lookup(`?search=${stamp}&limit=1`)).json().data.meta.totalCount).toBe(2);
    expect(ids(await lookup(`?search=${stamp}&purpose=assignment`))).toEqual([active.id]);
    expect(ids(await lookup(`?search=${stamp}&limit=5`))).toEqual([active.id, inactive.id]);
    expect(ids(await lookup(`?ids=${inactive.id}&purpose=assignment`))).toEqual([inactive.id]);
    expect((await lookup('?purpose=x')).json().errors[0].loc).toEqual(['querystring', 'purpose']);
    expect((await lookup('', await t.make.user({ type: 'affiliate' }))).statusCode).toBe(403);
    expect((await lookup('', null)).statusCode).toBe(401);
  });
});
