/**
 * The access model of product §6, written once for server and web: role types, the permission catalogue,
 * the route -> permission table and the default-page rule.
 */
export const ROLE_TYPES = ['admin', 'affiliate_manager', 'advertiser_manager', 'advertiser_member', 'employee', 'affiliate'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

/**
 * The title each system role is seeded with (db/seed). The web shows a system role whose title is still this one in
 * the reader's language; a title an admin changed is shown as written.
 */
export const SYSTEM_ROLE_TITLES: Record<RoleType, string> = {
  admin: 'Administrator',
  affiliate_manager: 'Affiliate manager',
  advertiser_manager: 'Advertiser manager',
  advertiser_member: 'Advertiser',
  employee: 'Employee',
  affiliate: 'Affiliate',
};

export const STAFF_ROLE_TYPES: readonly RoleType[] = ['admin', 'affiliate_manager', 'advertiser_manager', 'employee'];

export interface PermissionDef {
  /** permission string, e.g. `role.read` */
  name: string;
  title: string;
  description: string;
  groupId: string;
  /** role types that may hold it */
  roleTypes: readonly RoleType[];
  /** system permissions are always granted to admins and cannot be removed from the admin role */
  system?: boolean;
  /** hidden permissions are listed only by the `withHidden` variant */
  hidden?: boolean;
  disabled?: boolean;
}

const STAFF = STAFF_ROLE_TYPES;
const ALL = ROLE_TYPES;
const AFF = ['affiliate'] as const;
const ADV = ['advertiser_member'] as const;

function p(
  name: string,
  title: string,
  groupId: string,
  roleTypes: readonly RoleType[],
  extra: Partial<PermissionDef> = {},
): PermissionDef {
  return { name, title, description: extra.description ?? title, groupId, roleTypes, ...extra };
}

/** The permission catalogue. Every endpoint's permission must be listed here (a test checks it). */
export const PERMISSIONS: readonly PermissionDef[] = [
  // menu / front
  p('front.dashboard.read', 'Dashboard', 'dashboard', [...STAFF, ...ADV]),
  p('front.menu.statistics.read', 'Statistics and leads menu', 'statistics', ALL),
  p('front.statistics.lead.read', 'Lead statistics', 'statistics', [...STAFF, ...ADV]),
  p('front.menu.offers.read', 'Offers menu', 'offers', ALL),
  p('front.menu.landers_api.read', 'Landing API menu', 'offers', STAFF),
  p('front.menu.advertisers.read', 'Advertisers menu', 'advertisers', STAFF),
  p('front.menu.affiliates.read', 'Affiliates menu', 'affiliates', STAFF),
  p('front.affiliates.teams.read', 'Affiliate teams', 'affiliates', STAFF),
  p('front.menu.employees.read', 'Employees menu', 'employees', STAFF),
  p('front.menu.campaigns.read', 'Campaigns menu', 'campaigns', ALL),
  p('front.menu.reports.read', 'Reports menu', 'reports', [...STAFF, ...ADV]),
  p('front.reports.downloads.read', 'Report downloads', 'reports', [...STAFF, ...ADV]),
  p('front.menu.clicks.read', 'Clicks menu', 'traffic', ALL),
  p('front.menu.conversions.read', 'Conversions menu', 'traffic', ALL),
  p('front.menu.postback_log.read', 'Postback logs menu', 'traffic', ALL),
  p('front.postback_log.affiliate.read', 'Affiliate postback logs', 'traffic', ALL),
  p('log.postback.advertiser.read', 'Advertiser postback logs', 'traffic', STAFF),
  // settings
  p('front.settings.platforms.read', 'Platforms', 'settings', STAFF),
  p('front.settings.tags.read', 'Tags', 'settings', STAFF),
  p('front.settings.lists.read', 'Lists', 'settings', STAFF),
  p('front.settings.integration_templates.read', 'Integration templates', 'settings', STAFF),
  p('front.settings.global_postback.read', 'Global postback', 'settings', [...STAFF, ...AFF]),
  p('postback.global.update', 'Global postback: edit', 'settings', ['admin']),
  p('front.settings.domain_parking.read', 'Domain parking', 'settings', STAFF),
  p('tag.update', 'Tags: create, edit and delete', 'settings', STAFF),
  p('category.update', 'Categories: create and edit', 'settings', STAFF),
  p('traffic_source.update', 'Traffic sources: create and edit', 'settings', STAFF),
  p('domain.update', 'Domain parking: create and edit', 'settings', STAFF),
  p('front.settings.geo.read', 'Geos', 'settings', STAFF),
  p('front.settings.hold_queue.read', 'Hold queue', 'settings', STAFF),
  p('geo.update', 'Geos: create, edit and delete', 'settings', STAFF),
  p('hold_queue.update', 'Hold queue: create, edit and change status', 'settings', STAFF),
  p('settings.general.update', 'General settings', 'settings', ['admin']),
  p('currency.update', 'Currencies', 'settings', STAFF),
  p('payment_method.update', 'Payment methods', 'settings', STAFF),
  p('notification.read', 'Notifications', 'settings', STAFF),
  p('notification.update', 'Notifications: rules and channels', 'settings', ['admin']),
  p('vertical.read', 'Verticals', 'settings', STAFF),
  p('vertical.update', 'Verticals: create, edit and change status', 'settings', STAFF),
  p('platform.update', 'Platforms: create, edit, change status and delete', 'settings', STAFF),
  p('integration_template.update', 'Integration templates: create, edit and change status', 'settings', STAFF),
  p('advertiser.update', 'Advertisers and their integrations: create, edit, block and test', 'advertisers', STAFF),
  p('offer.update', 'Offers: create and edit offers, landers, creatives, caps, payment rules and assignments', 'offers', STAFF),
  p('landers_api.update', 'Landing API: create and edit landing pages', 'offers', STAFF),
  p('campaign.update', 'Campaigns: create, edit, clone and change status (affiliates: their own)', 'campaigns', [...STAFF, ...AFF]),
  p('campaign.block', 'Campaigns: block and unblock', 'campaigns', ['admin', 'affiliate_manager']),
  // affiliate and team postbacks: staff within their people scope, affiliates their own
  p('postback.read', 'Postbacks of the affiliates and teams in reach', 'traffic', STAFF),
  p('postback.own.read', 'Postbacks: own', 'traffic', AFF),
  p('postback.update', 'Postbacks: create, edit, change status and test', 'traffic', STAFF),
  p('postback.own.update', 'Postbacks: create, edit, change status and test their own', 'traffic', AFF),
  p('metrics.read', 'Metrics', 'statistics', [...STAFF, ...ADV]),
  p('metrics.update', 'Metrics: create and edit', 'statistics', STAFF),
  // access
  p('role.read', 'Roles: read', 'roles', STAFF),
  p('role.update', 'Roles: create and edit', 'roles', ['admin']),
  p('user.read', 'Users: read', 'users', STAFF),
  p('user.update', 'Users: create and edit', 'users', STAFF),
  p('user.impersonate', 'Log in as another user', 'users', ['admin'], { system: true }),
  // people scope: all affiliates and teams, or only those the user manages (user_managers, team_managers)
  p('affiliate.read', 'Affiliates and teams: read all', 'affiliates', STAFF),
  p('affiliate.assigned.read', 'Affiliates and teams: read the assigned ones', 'affiliates', STAFF),
  p('affiliate.update', 'Affiliates and teams: edit all', 'affiliates', STAFF),
  p('affiliate.assigned.update', 'Affiliates and teams: edit the assigned ones', 'affiliates', STAFF),
  p('team.update', 'Teams: create, edit, block and manage members', 'affiliates', STAFF),
  // finance
  p('balance.affiliate.read', 'Affiliate balances', 'finance', STAFF),
  p('invoice.affiliate.read', 'Affiliate invoices', 'finance', STAFF),
  p('balance.advertiser.read', 'Advertiser balances', 'finance', STAFF),
  p('invoice.advertiser.read', 'Advertiser invoices', 'finance', STAFF),
  p('balance.affiliate.update', 'Affiliate balances: manual adjustments', 'finance', STAFF),
  p('balance.advertiser.update', 'Advertiser balances: manual adjustments', 'finance', STAFF),
  p('invoice.affiliate.update', 'Affiliate invoices: create, edit, mark paid or declined, export', 'finance', STAFF),
  p('invoice.advertiser.update', 'Advertiser invoices: create, edit, mark paid or declined', 'finance', STAFF),
  // conversions scope
  p('conversion.read', 'Conversions: all', 'traffic', STAFF),
  p('conversion.assigned.read', 'Conversions: assigned affiliates', 'traffic', STAFF),
  p('conversion.own.read', 'Conversions: own', 'traffic', AFF),
  p('conversion.update', 'Conversions: approve, reject, hold and edit', 'traffic', STAFF),
  // clicks scope and edit
  p('click.read', 'Clicks: all', 'traffic', STAFF),
  p('click.assigned.read', 'Clicks: assigned affiliates', 'traffic', STAFF),
  p('click.own.read', 'Clicks: own', 'traffic', AFF),
  p('click.update', 'Clicks: edit status and subs', 'traffic', STAFF),
  // leads scope and actions
  p('lead.read', 'Leads: all', 'traffic', STAFF),
  p('lead.assigned.read', 'Leads: assigned affiliates', 'traffic', STAFF),
  p('lead.own.read', 'Leads: own', 'traffic', AFF),
  p('lead.update', 'Leads: resend, send to trash, change the lead grade', 'traffic', STAFF),
];

export const PERMISSION_NAMES: ReadonlySet<string> = new Set(PERMISSIONS.map((x) => x.name));

/** Permissions a role type may hold; `withHidden` adds the hidden ones (product §6 "a variant includes hidden ones"). */
export function permissionsForRoleType(type: RoleType, withHidden = false): PermissionDef[] {
  return PERMISSIONS.filter((x) => x.roleTypes.includes(type) && (withHidden || !x.hidden));
}

const AFFILIATE_MANAGER_EXCLUDED = new Set(['conversion.read', 'click.read', 'lead.read', 'affiliate.read', 'affiliate.update']);

/** Default permissions given to the built-in role of each type on first start. */
export function defaultPermissions(type: RoleType): string[] {
  if (type === 'admin') return PERMISSIONS.map((x) => x.name);
  const base = permissionsForRoleType(type).map((x) => x.name);
  // affiliate managers work on their assigned affiliates: they hold the `assigned` variants only
  if (type === 'affiliate_manager') return base.filter((n) => !AFFILIATE_MANAGER_EXCLUDED.has(n));
  return base;
}

/** Named routes of the web app with the permission each needs (product §6 table). */
export const ROUTE_PERMISSIONS = {
  dashboard: 'front.dashboard.read',
  advertisers: 'front.menu.advertisers.read',
  teams: 'front.affiliates.teams.read',
  affiliateMembers: 'front.menu.affiliates.read',
  employees: 'front.menu.employees.read',
  verticals: 'vertical.read',
  platforms: 'front.settings.platforms.read',
  tags: 'front.settings.tags.read',
  integrationTemplates: 'front.settings.integration_templates.read',
  globalPostback: 'front.settings.global_postback.read',
  domainParking: 'front.settings.domain_parking.read',
  geos: 'front.settings.geo.read',
  holdQueue: 'front.settings.hold_queue.read',
  metrics: 'metrics.read',
  offers: 'front.menu.offers.read',
  landingsApi: 'front.menu.landers_api.read',
  statisticsLeads: 'front.statistics.lead.read',
  statistics: 'front.menu.statistics.read',
  leads: 'front.menu.statistics.read',
  campaigns: 'front.menu.campaigns.read',
  reports: 'front.menu.reports.read',
  reportDownloads: 'front.reports.downloads.read',
  clicks: 'front.menu.clicks.read',
  conversions: 'front.menu.conversions.read',
  postbackLogs: 'front.menu.postback_log.read',
  generalSettings: 'settings.general.update',
  currencies: 'currency.update',
  affiliateBalances: 'balance.affiliate.read',
  affiliateInvoices: 'invoice.affiliate.read',
  advertiserBalances: 'balance.advertiser.read',
  advertiserInvoices: 'invoice.advertiser.read',
  roles: 'role.read',
  notifications: 'notification.read',
  lists: 'front.settings.lists.read',
} as const satisfies Record<string, string>;
export type RouteName = keyof typeof ROUTE_PERMISSIONS;

export interface AccessSubject {
  permissions: readonly string[];
  roleType: RoleType;
}

export function can(user: AccessSubject | null | undefined, permission: string | readonly string[] | undefined): boolean {
  if (!permission) return true;
  if (!user) return false;
  const list = typeof permission === 'string' ? [permission] : permission;
  return list.some((x) => user.permissions.includes(x));
}

/** A staff user of a role requiring two-factor sign-in who has not set it up: it may do nothing else until it does. */
export function twoFactorSetupRequired(role: { type: string; requireTwoFactor: boolean }, twoFactorEnabled: boolean): boolean {
  return role.requireTwoFactor && (STAFF_ROLE_TYPES as readonly string[]).includes(role.type) && !twoFactorEnabled;
}

export function canOpenRoute(user: AccessSubject | null | undefined, route: RouteName): boolean {
  return can(user, ROUTE_PERMISSIONS[route]);
}

/** Product §2: the dashboard for a non-affiliate with front.dashboard.read, otherwise statistics. */
export function defaultPagePath(user: AccessSubject): string {
  return user.roleType !== 'affiliate' && can(user, 'front.dashboard.read') ? '/' : '/statistics';
}

// ---------------------------------------------------------------------------------------------------------------
// Who may give what (docs/decisions/access.md "Who may give what"): the rule every role- or permission-giving
// path applies, written once.

/** `lead.read` for `lead.assigned.read`: the all-scope variant of every `assigned` permission of the catalogue. */
export const SCOPE_WIDENINGS: ReadonlyMap<string, string> = new Map(
  PERMISSIONS.flatMap((x) => {
    const m = /^(.+)\.assigned\.(\w+)$/.exec(x.name);
    const all = m ? `${m[1]}.${m[2]}` : undefined;
    return all && PERMISSION_NAMES.has(all) ? [[x.name, all] as const] : [];
  }),
);

const ADMIN_TYPE_PERMISSIONS = permissionsForRoleType('admin', true).map((x) => x.name);

/** An administrator: an admin-type role holding every permission an administrator may hold (the built-in one, or its equal). */
export function isAdministrator(subject: AccessSubject): boolean {
  if (subject.roleType !== 'admin') return false;
  const held = new Set(subject.permissions);
  return ADMIN_TYPE_PERMISSIONS.every((x) => held.has(x));
}

/**
 * Whether `held` covers `name`: holding it, or — for an affiliate's `X.own.Y` — holding `X.Y` or `X.assigned.Y`
 * (staff never hold the `own` variants, which only say "the affiliate's own rows").
 */
function covers(held: ReadonlySet<string>, name: string): boolean {
  if (held.has(name)) return true;
  const m = /^(.+)\.own\.(\w+)$/.exec(name);
  return !!m && (held.has(`${m[1]}.${m[2]}`) || held.has(`${m[1]}.assigned.${m[2]}`));
}

export interface GrantViolations {
  /** permissions the change gives that the giver does not hold */
  notHeld: string[];
  /** `assigned` permissions the change widens to all: [held now, given] */
  widened: [string, string][];
}

/**
 * What is wrong with `giver` making someone hold `next` instead of `current` (empty for a new account or role).
 * Nobody but an administrator gives a permission they do not hold, and nobody but an administrator widens the
 * scope of anyone from the assigned affiliates to all. What the target already holds may stay.
 */
export function grantViolations(giver: AccessSubject, next: readonly string[], current: readonly string[] = []): GrantViolations {
  if (isAdministrator(giver)) return { notHeld: [], widened: [] };
  const held = new Set(giver.permissions);
  const had = new Set(current);
  const gained = [...new Set(next)].filter((x) => !had.has(x));
  return {
    notHeld: gained.filter((x) => !covers(held, x)),
    widened: [...SCOPE_WIDENINGS].flatMap(([assigned, all]) =>
      had.has(assigned) && !had.has(all) && gained.includes(all) ? [[assigned, all] as [string, string]] : [],
    ),
  };
}

/** The one sentence a refused grant answers, naming the permissions. */
export function grantViolationMessage(v: GrantViolations): string | null {
  if (v.notHeld.length) {
    const names = v.notHeld.map((x) => `'${x}'`).join(', ');
    return `Only an administrator can give ${names}: you do not hold ${v.notHeld.length === 1 ? 'it' : 'them'}`;
  }
  if (v.widened.length) {
    const pairs = v.widened.map(([a, b]) => `'${a}' to '${b}'`).join(', ');
    return `Only an administrator can widen a scope from the assigned affiliates to all (${pairs})`;
  }
  return null;
}
