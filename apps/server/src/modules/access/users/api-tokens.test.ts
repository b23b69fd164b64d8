import { API_TOKENS_MAX } from '@leadgrid/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp, type TestUser } from '../../../../test/helper';
import { apiTokens, auditLog } from '../../../db/schema';
import { sha256 } from '../../../lib/crypto';

const t = await useApp();
const db = t.database.db;

const list = (as: TestUser | string | null) => t.request({ method: 'GET', url: '/api/v1/api-tokens', as });
const create = (as: TestUser | null, items: unknown[]) => t.request({ method: 'PUT', url: '/api/v1/api-tokens', as, payload: { items } });
const revoke = (as: TestUser | null, data: unknown[]) => t.request({ method: 'DELETE', url: '/api/v1/api-tokens', as, payload: { data } });
const me = (token: string, id: number) => t.request({ method: 'GET', url: `/api/v1/users/${id}`, as: token });

describe('api tokens: PUT /api-tokens', () => {
  it('answers the full token once and keeps only its hash and prefix', async () => {
    const u = await t.make.user({ type: 'affiliate_manager' });
    const res = await create(u, [{ title: 'CRM sync' }]);
    expect(res.statusCode).toBe(200);
    const [token] = res.json().data.items;
    expect(token).toMatchObject({ id: expect.any(Number), title: 'CRM sync', lastUsedAt: null, createdAt: expect.any(Number) });
    expect(token.token.length).toBeGreaterThanOrEqual(40);
    expect(token.prefix).toBe(token.token.slice(0, 8));
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row.tokenHash).toBe(sha256(token.token));
    expect(JSON.stringify(row)).not.toContain(token.token);
    // listed without the token
    const [listed] = (await list(u)).json().data.items;
    expect(listed).toEqual({ id: token.id, title: 'CRM sync', prefix: token.prefix, createdAt: token.createdAt, lastUsedAt: null });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'api_token'), eq(auditLog.entityId, token.id)));
    expect(audit).toMatchObject({
      userId: u.id,
      action: 'create',
      changes: { before: {}, after: { title: 'CRM sync', prefix: token.prefix } },
    });
  });

  it('authenticates on routes that take API tokens, as Bearer and as X-Api-Key, and records its use', async () => {
    const u = await t.make.user({ type: 'affiliate_manager' });
    const [token] = (await create(u, [{ title: 'script' }])).json().data.items;
    expect((await me(token.token, u.id)).statusCode).toBe(200);
    const byHeader = await t.request({ method: 'GET', url: `/api/v1/users/${u.id}`, headers: { 'x-api-key': token.token } });
    expect(byHeader.json().data.items[0].id).toBe(u.id);
    expect((await list(u)).json().data.items[0].lastUsedAt).toBeTypeOf('number');
    // not on routes without config.apiToken
    expect((await list(token.token)).statusCode).toBe(401);
  });

  it('answers 400 on a blank or too long title', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const blank = await create(u, [{ title: '  ' }]);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'title'], msg: 'required' });
    const long = await create(u, [{ title: 'x'.repeat(201) }]);
    expect(long.json().errors[0]).toMatchObject({ loc: ['body', 'items', 0, 'title'], msg: 'minMaxLength' });
  });

  it(`allows at most ${API_TOKENS_MAX} active tokens (422), counting only unrevoked ones`, async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const many = await create(
      u,
      Array.from({ length: API_TOKENS_MAX }, (_, i) => ({ title: `t${i}` })),
    );
    expect(many.json().data.items).toHaveLength(API_TOKENS_MAX);
    const over = await create(u, [{ title: 'one more' }]);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/at most 20 active API tokens/);
    await revoke(u, [many.json().data.items[0].id]);
    expect((await create(u, [{ title: 'one more' }])).statusCode).toBe(200);
  });

  it('is refused to an admin acting as the user (403)', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const admin = await t.make.user({ type: 'admin' });
    const enter = await t.request({
      method: 'POST',
      url: '/api/v1/auth/impersonate',
      as: admin,
      payload: { refreshToken: admin.refreshToken, impersonateAs: u.id },
    });
    const res = await t.request({
      method: 'PUT',
      url: '/api/v1/api-tokens',
      as: enter.json().data.token,
      payload: { items: [{ title: 'backdoor' }] },
    });
    expect(res.statusCode).toBe(403);
    expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, u.id))).toHaveLength(0);
  });

  it('needs a sign-in', async () => {
    expect((await create(null, [{ title: 'x' }])).statusCode).toBe(401);
    expect((await list(null)).statusCode).toBe(401);
  });
});

describe('api tokens: DELETE /api-tokens', () => {
  it('revokes the token: it is no longer listed and no longer authenticates', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const [token] = (await create(u, [{ title: 'old' }])).json().data.items;
    expect((await me(token.token, u.id)).statusCode).toBe(200);
    const res = await revoke(u, [token.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { items: [token.id] }, message: 'API token revoked' });
    expect((await list(u)).json().data.items).toEqual([]);
    const refused = await me(token.token, u.id);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid API token');
    // revoking twice is a missing token
    expect((await revoke(u, [token.id])).statusCode).toBe(404);
  });

  it("answers 404 for another user's token and revokes nothing", async () => {
    const owner = await t.make.user({ type: 'affiliate' });
    const [theirs] = (await create(owner, [{ title: 'theirs' }])).json().data.items;
    const u = await t.make.user({ type: 'affiliate' });
    const [mine] = (await create(u, [{ title: 'mine' }])).json().data.items;
    expect((await revoke(u, [mine.id, theirs.id])).statusCode).toBe(404);
    expect((await me(theirs.token, owner.id)).statusCode).toBe(200);
    expect((await me(mine.token, u.id)).statusCode).toBe(200);
  });

  it('answers 400 on a bad id and 401 without a token', async () => {
    const u = await t.make.user({ type: 'affiliate' });
    const res = await revoke(u, ['abc']);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].loc).toEqual(['body', 'data', 0]);
    expect((await revoke(null, [1])).statusCode).toBe(401);
  });
});
