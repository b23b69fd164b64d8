import { describe, expect, it } from 'vitest';
import { defaultPermissions } from '../access/permissions';
import {
  affiliateBulkEdit,
  affiliateCreate,
  affiliateListQuery,
  blockChangeItem,
  employeePermissionsUpdate,
  employeeStatusItem,
} from './people';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('blockChangeItem (product §4)', () => {
  it('needs a type of traffic or access and a reason of 1-500 characters to block', () => {
    expect(issues(blockChangeItem.safeParse({ id: 1, action: 'block', blockType: 'traffic' }))).toEqual([['reason', 'required']]);
    expect(issues(blockChangeItem.safeParse({ id: 1, action: 'block', blockType: 'access', reason: '  ' }))).toEqual([
      ['reason', 'required'],
    ]);
    expect(issues(blockChangeItem.safeParse({ id: 1, action: 'block', blockType: 'access', reason: 'x'.repeat(501) }))).toEqual([
      ['reason', 'minMaxLength'],
    ]);
    expect(issues(blockChangeItem.safeParse({ id: 1, action: 'block', blockType: 'full', reason: 'x' }))).toEqual([
      ['blockType', 'pattern'],
    ]);
    expect(blockChangeItem.parse({ id: 1, action: 'block', blockType: 'traffic', reason: ' Bots ' }).reason).toBe('Bots');
  });

  it('unblocks traffic, access or full with an optional reason', () => {
    for (const blockType of ['traffic', 'access', 'full'])
      expect(blockChangeItem.safeParse({ id: 1, action: 'unblock', blockType }).success).toBe(true);
    expect(blockChangeItem.parse({ id: 1, action: 'unblock', blockType: 'full', reason: ' ' }).reason).toBeUndefined();
    expect(issues(blockChangeItem.safeParse({ id: 1, action: 'pause', blockType: 'full' }))).toEqual([['action', 'required']]);
  });
});

describe('affiliate schemas', () => {
  it('fills the defaults of a create and checks each field', () => {
    expect(affiliateCreate.parse({ email: 'A@B.co', firstName: 'Ada' })).toMatchObject({
      email: 'a@b.co',
      lastName: '',
      contacts: [],
      timezone: 'UTC',
      language: 'en',
      managerIds: [],
      tagIds: [],
      acceptColdTraffic: false,
      acceptInvalidLeads: false,
      redirectToAdvertiser: 'direct',
      status: 'active',
    });
    expect(
      issues(
        affiliateCreate.safeParse({
          email: 'a@b.co',
          firstName: 'Ada',
          birthDate: '2020-01-01',
          managerIds: [2, 2],
          status: 'blocked',
          password: 'abc',
        }),
      ),
    ).toEqual([
      ['password', 'password'],
      ['birthDate', 'age'],
      ['managerIds', 'unique'],
      ['status', 'pattern'],
    ]);
  });

  it('needs at least one id in a bulk edit and knows the list modes', () => {
    expect(issues(affiliateBulkEdit.safeParse({ ids: [] }))).toEqual([['ids', 'required']]);
    expect(affiliateBulkEdit.parse({ ids: [1], tagIds: [3] })).toMatchObject({ managersMode: 'replace', tagsMode: 'replace' });
    expect(issues(affiliateBulkEdit.safeParse({ ids: [1], tagsMode: 'merge' }))).toEqual([['tagsMode', 'pattern']]);
  });

  it('reads list filters from a query string', () => {
    expect(
      affiliateListQuery.parse({ managerId: '1,2', tagIds: ['3'], trafficBlocked: '0', createdFrom: '100', createdTo: '200' }),
    ).toMatchObject({
      managerId: [1, 2],
      tagIds: [3],
      trafficBlocked: false,
      createdFrom: 100,
      createdTo: 200,
    });
    expect(affiliateListQuery.safeParse({ createdFrom: '-1' }).success).toBe(false);
  });
});

describe('employee schemas', () => {
  it('needs a reason when blocking, not otherwise', () => {
    expect(issues(employeeStatusItem.safeParse({ id: 1, status: 'blocked' }))).toEqual([['reason', 'required']]);
    expect(employeeStatusItem.safeParse({ id: 1, status: 'inactive' }).success).toBe(true);
    expect(employeeStatusItem.safeParse({ id: 1, status: 'blocked', reason: 'Left' }).success).toBe(true);
  });

  it('takes a permission list or null', () => {
    expect(employeePermissionsUpdate.parse({ permissions: null })).toEqual({ permissions: null });
    expect(employeePermissionsUpdate.safeParse({}).success).toBe(false);
  });
});

describe('people scope permissions', () => {
  it('gives affiliate managers the assigned variants only, other staff both', () => {
    const am = defaultPermissions('affiliate_manager');
    expect(am).toEqual(expect.arrayContaining(['affiliate.assigned.read', 'affiliate.assigned.update', 'team.update']));
    expect(am).not.toContain('affiliate.read');
    expect(am).not.toContain('affiliate.update');
    expect(defaultPermissions('employee')).toEqual(expect.arrayContaining(['affiliate.read', 'affiliate.update']));
    expect(defaultPermissions('affiliate')).not.toContain('affiliate.read');
  });
});
