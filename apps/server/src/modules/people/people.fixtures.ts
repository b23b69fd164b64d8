/** Test factories of the people domain (used by the affiliates, teams, employees and people tests only). */
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../../../test/helper';

let n = 0;
export const uniqueEmail = (prefix = 'aff') => `${prefix}${++n}.${Math.random().toString(36).slice(2, 7)}@people.test`;

export function people(t: TestApp) {
  const api = '/api/v1';
  return {
    /** an affiliate created through the API (as the admin unless `as` is given); answers the detail */
    async affiliate(fields: Record<string, unknown> = {}, as: TestUser = t.admin) {
      const res = await t.request({
        method: 'PUT',
        url: `${api}/affiliates`,
        as,
        payload: { items: [{ email: uniqueEmail(), password: 'aff-pass-1', firstName: 'Ada', lastName: `Member${++n}`, ...fields }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items[0];
    },
    async team(fields: Record<string, unknown> = {}, as: TestUser = t.admin) {
      const res = await t.request({
        method: 'PUT',
        url: `${api}/teams`,
        as,
        payload: { items: [{ title: `Team ${++n} ${Math.random().toString(36).slice(2, 6)}`, ...fields }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items[0];
    },
    async tag(title = `Tag ${++n}`, type = 'affiliate', status = 'active') {
      const res = await t.request({ method: 'PUT', url: `${api}/tags`, as: t.admin, payload: { items: [{ title, type, status }] } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items[0] as { id: number; title: string };
    },
    /** signs in an affiliate created through the API (password 'aff-pass-1') */
    async signInAffiliate(affiliate: { id: number; email: string }): Promise<TestUser> {
      const tokens = await t.signIn(affiliate.email, 'aff-pass-1');
      return { id: affiliate.id, email: affiliate.email, password: 'aff-pass-1', roleId: 0, ...tokens };
    },
    block(kind: 'affiliates' | 'teams', items: unknown[], as: TestUser = t.admin) {
      return t.request({ method: 'POST', url: `${api}/${kind}/change_block`, as, payload: { items } });
    },
    refresh(refreshToken: string) {
      return t.request({ method: 'POST', url: `${api}/auth/refresh`, payload: { refreshToken } });
    },
  };
}
