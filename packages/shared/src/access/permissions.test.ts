import { describe, expect, it } from 'vitest';
import {
  can,
  canOpenRoute,
  defaultPagePath,
  defaultPermissions,
  grantViolationMessage,
  grantViolations,
  isAdministrator,
  PERMISSION_NAMES,
  SCOPE_WIDENINGS,
  PERMISSIONS,
  permissionsForRoleType,
  ROLE_TYPES,
  ROUTE_PERMISSIONS,
  type AccessSubject,
} from './permissions';
import { permissionDiff } from './roles';

const subject = (roleType: AccessSubject['roleType'], permissions: string[]): AccessSubject => ({ roleType, permissions });

describe('permission catalogue', () => {
  it('names each permission once, with a title, a group and role types', () => {
    expect(PERMISSION_NAMES.size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) {
      expect(p.name).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      expect(p.title.length).toBeGreaterThan(0);
      expect(p.groupId.length).toBeGreaterThan(0);
      expect(p.roleTypes.length).toBeGreaterThan(0);
      for (const type of p.roleTypes) expect(ROLE_TYPES).toContain(type);
    }
  });

  it('holds every permission of the route table', () => {
    const missing = Object.entries(ROUTE_PERMISSIONS).filter(([, permission]) => !PERMISSION_NAMES.has(permission));
    expect(missing).toEqual([]);
  });

  it('holds the other permissions the spec names', () => {
    for (const name of [
      'conversion.read',
      'conversion.assigned.read',
      'conversion.own.read',
      'front.postback_log.affiliate.read',
      'log.postback.advertiser.read',
      'front.menu.statistics.read',
      'payment_method.update',
    ]) {
      expect(PERMISSION_NAMES.has(name)).toBe(true);
    }
  });

  it('maps the product §6 routes to their permissions', () => {
    expect(ROUTE_PERMISSIONS.dashboard).toBe('front.dashboard.read');
    expect(ROUTE_PERMISSIONS.roles).toBe('role.read');
    expect(ROUTE_PERMISSIONS.generalSettings).toBe('settings.general.update');
    expect(ROUTE_PERMISSIONS.leads).toBe('front.menu.statistics.read');
    expect(ROUTE_PERMISSIONS.lists).toBe('front.settings.lists.read');
  });
});

describe('permissionsForRoleType', () => {
  it('gives each type only what it may hold', () => {
    const names = (type: AccessSubject['roleType']) => permissionsForRoleType(type).map((p) => p.name);
    expect(names('affiliate')).toContain('conversion.own.read');
    expect(names('affiliate')).toContain('front.menu.offers.read');
    expect(names('affiliate')).not.toContain('role.update');
    expect(names('affiliate')).not.toContain('conversion.read');
    expect(names('admin')).toContain('role.update');
    expect(names('admin')).toContain('user.impersonate');
    expect(names('affiliate_manager')).not.toContain('settings.general.update');
    expect(names('advertiser_member')).toContain('front.dashboard.read');
    for (const type of ROLE_TYPES) for (const p of permissionsForRoleType(type)) expect(p.roleTypes).toContain(type);
  });

  it('lists hidden permissions only with withHidden', () => {
    for (const type of ROLE_TYPES) {
      const visible = permissionsForRoleType(type);
      const all = permissionsForRoleType(type, true);
      expect(visible.every((p) => !p.hidden)).toBe(true);
      expect(all.map((p) => p.name)).toEqual(expect.arrayContaining(visible.map((p) => p.name)));
      expect(all.filter((p) => !p.hidden)).toEqual(visible);
      expect(all).toEqual(PERMISSIONS.filter((p) => p.roleTypes.includes(type)));
    }
  });
});

describe('defaultPermissions', () => {
  it('gives the admin the whole catalogue and others what their type may hold', () => {
    expect(defaultPermissions('admin')).toEqual(PERMISSIONS.map((p) => p.name));
    for (const type of ROLE_TYPES.filter((x) => x !== 'admin')) {
      const allowed = new Set(permissionsForRoleType(type, true).map((p) => p.name));
      expect(defaultPermissions(type).every((name) => allowed.has(name))).toBe(true);
    }
    expect(defaultPermissions('affiliate_manager')).not.toContain('conversion.read');
    expect(defaultPermissions('affiliate_manager')).toContain('conversion.assigned.read');
  });
});

describe('can and canOpenRoute', () => {
  const manager = subject('affiliate_manager', ['role.read', 'front.menu.offers.read']);

  it('needs the permission, or any of several', () => {
    expect(can(manager, 'role.read')).toBe(true);
    expect(can(manager, 'role.update')).toBe(false);
    expect(can(manager, ['role.update', 'front.menu.offers.read'])).toBe(true);
    expect(can(manager, ['role.update', 'user.update'])).toBe(false);
  });

  it('lets anyone through when no permission is asked, nobody when signed out', () => {
    expect(can(manager, undefined)).toBe(true);
    expect(can(null, undefined)).toBe(true);
    expect(can(null, 'role.read')).toBe(false);
    expect(can(undefined, ['role.read'])).toBe(false);
  });

  it('looks a route up in the route table', () => {
    expect(canOpenRoute(manager, 'roles')).toBe(true);
    expect(canOpenRoute(manager, 'offers')).toBe(true);
    expect(canOpenRoute(manager, 'generalSettings')).toBe(false);
    expect(canOpenRoute(null, 'roles')).toBe(false);
  });
});

describe('defaultPagePath', () => {
  it('opens the dashboard for staff and advertisers who may see it', () => {
    expect(defaultPagePath(subject('admin', ['front.dashboard.read']))).toBe('/');
    expect(defaultPagePath(subject('advertiser_member', ['front.dashboard.read']))).toBe('/');
  });

  it('opens statistics for affiliates and for users without the dashboard', () => {
    expect(defaultPagePath(subject('affiliate', ['front.dashboard.read', 'front.menu.statistics.read']))).toBe('/statistics');
    expect(defaultPagePath(subject('affiliate_manager', ['front.menu.statistics.read']))).toBe('/statistics');
    expect(defaultPagePath(subject('employee', []))).toBe('/statistics');
  });
});

describe('permissionDiff (role change confirmation)', () => {
  it('lists added and removed permissions, sorted', () => {
    expect(permissionDiff(['role.read', 'user.read', 'b.read'], ['user.read', 'role.update', 'a.read'])).toEqual({
      added: ['a.read', 'role.update'],
      removed: ['b.read', 'role.read'],
    });
  });

  it('ignores order and repeats, and answers empty lists when nothing changes', () => {
    expect(permissionDiff(['a.x', 'b.x'], ['b.x', 'a.x', 'a.x'])).toEqual({ added: [], removed: [] });
    expect(permissionDiff([], [])).toEqual({ added: [], removed: [] });
    expect(permissionDiff([], ['a.x'])).toEqual({ added: ['a.x'], removed: [] });
    expect(permissionDiff(['a.x'], [])).toEqual({ added: [], removed: ['a.x'] });
  });
});

describe('who may give what (grantViolations)', () => {
  const am = subject('affiliate_manager', defaultPermissions('affiliate_manager'));
  it('lets an administrator give anything and widen any scope', () => {
    const admin = subject('admin', defaultPermissions('admin'));
    expect(isAdministrator(admin)).toBe(true);
    expect(grantViolations(admin, ['lead.read'], ['lead.assigned.read'])).toEqual({ notHeld: [], widened: [] });
    // an admin-type role short of the catalogue is no administrator
    expect(isAdministrator(subject('admin', ['user.update']))).toBe(false);
  });
  it('refuses giving what the giver does not hold, naming it; what the target holds may stay', () => {
    const v = grantViolations(am, defaultPermissions('employee'));
    expect(v.notHeld).toEqual(expect.arrayContaining(['lead.read', 'affiliate.read']));
    expect(grantViolationMessage(v)).toMatch(/^Only an administrator can give 'affiliate\.read'/);
    expect(grantViolations(am, ['lead.read', 'user.read'], ['lead.read']).notHeld).toEqual([]);
    expect(grantViolationMessage({ notHeld: [], widened: [] })).toBeNull();
  });
  it("covers an affiliate's own variants by the staff's all or assigned ones", () => {
    expect(grantViolations(am, defaultPermissions('affiliate')).notHeld).toEqual([]);
    expect(grantViolations(subject('employee', ['user.update']), ['lead.own.read']).notHeld).toEqual(['lead.own.read']);
  });
  it('refuses widening an assigned scope to all even when the giver holds it', () => {
    expect(SCOPE_WIDENINGS.get('lead.assigned.read')).toBe('lead.read');
    const giver = subject('employee', ['lead.read', 'lead.assigned.read', 'user.update']);
    const v = grantViolations(giver, ['lead.read'], ['lead.assigned.read']);
    expect(v).toEqual({ notHeld: [], widened: [['lead.assigned.read', 'lead.read']] });
    expect(grantViolationMessage(v)).toContain("'lead.assigned.read' to 'lead.read'");
    expect(grantViolations(giver, ['lead.read'], []).widened).toEqual([]);
  });
});
