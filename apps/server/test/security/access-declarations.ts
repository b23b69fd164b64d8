/**
 * What the permission matrix (permission-matrix.test.ts) expects beyond the permission catalogue — the short list an
 * auditor reads with docs/security.md. A route with `config.permission` needs nothing here: the role types holding
 * that permission (packages/shared/src/access/permissions.ts) are allowed, every other signed-in user gets 403, anonymous
 * 401. Everything else must be declared, or the matrix fails:
 *
 * - a public route (`config.public`) in PUBLIC_ROUTES (or under a PUBLIC_PREFIXES path);
 * - a signed-in route (`config.authenticated`, the service decides) in SIGNED_IN_ROUTES with its audience;
 * - a permission route whose service narrows the audience further (a role type holding the permission still gets
 *   403) in NARROWED_ROUTES;
 * - an affiliate-owned record read by id (`GET /<kind>/:id...`) in RECORD_ROUTES, for the row-scope check.
 *
 * Keys are `METHOD /url` exactly as Fastify registers them (`:id` path parameters).
 */
import { defaultPermissions, type RoleType } from '@leadgrid/shared';
import type { Principal } from './seed';

/** Who gets past the service's own check (on top of the route's permission, if any). */
export type Audience = 'everyone' | 'staff' | 'staffAndAffiliates' | 'affiliates' | 'admins';
/** The answer class of one cell: allowed (2xx, or a 4xx other than 401/403 for a made-up id or body), 401, 403. */
export type Expect = 'allowed' | 401 | 403;

export interface Declared {
  audience: Audience;
  why: string;
  /** a principal answered otherwise than its audience says */
  overrides?: Partial<Record<Principal, Expect>>;
}

export const AUDIENCES: Record<Audience, readonly RoleType[]> = {
  everyone: ['admin', 'affiliate_manager', 'advertiser_manager', 'employee', 'affiliate', 'advertiser_member'],
  staff: ['admin', 'affiliate_manager', 'advertiser_manager', 'employee'],
  staffAndAffiliates: ['admin', 'affiliate_manager', 'advertiser_manager', 'employee', 'affiliate'],
  affiliates: ['affiliate'],
  admins: ['admin'],
};

/** Permissions the non-staff role types may hold at all (the catalogue must agree: a widening fails the matrix). */
export const NON_STAFF_PERMISSIONS: Record<'affiliate' | 'advertiser_member', readonly string[]> = {
  affiliate: [
    'front.menu.statistics.read',
    'front.menu.offers.read',
    'front.menu.campaigns.read',
    'front.menu.clicks.read',
    'front.menu.conversions.read',
    'front.menu.postback_log.read',
    'front.postback_log.affiliate.read',
    'front.settings.global_postback.read',
    'campaign.update',
    'postback.own.read',
    'postback.own.update',
    'conversion.own.read',
    'click.own.read',
    'lead.own.read',
  ],
  advertiser_member: [
    'front.dashboard.read',
    'front.menu.statistics.read',
    'front.statistics.lead.read',
    'front.menu.offers.read',
    'front.menu.campaigns.read',
    'front.menu.reports.read',
    'front.reports.downloads.read',
    'front.menu.clicks.read',
    'front.menu.conversions.read',
    'front.menu.postback_log.read',
    'front.postback_log.affiliate.read',
    'metrics.read',
  ],
};

/** Paths under which every route is public documentation. */
export const PUBLIC_PREFIXES: Record<string, string> = {
  '/api/docs': 'the OpenAPI document and its UI: the API surface is public, its data is not',
};

/** Routes anyone may call without signing in, and why. */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /c/:campaignKey': 'campaign link: the click redirect',
  'GET /postback/:postbackKey': "advertisers' postbacks, authenticated by the integration's secret key in the path",
  'POST /postback/:postbackKey': "advertisers' postbacks, authenticated by the integration's secret key in the path",
  'POST /api/v1/auth/login': 'sign-in (rate limited)',
  'POST /api/v1/auth/refresh': 'session refresh with a refresh token (rate limited)',
  'POST /api/v1/auth/logout': 'revokes the refresh token given',
  'POST /api/v1/auth/sign-up': 'affiliate sign-up (rate limited)',
  'POST /api/v1/auth/check-email': 'sign-up form check (rate limited)',
  'POST /api/v1/auth/password-recovery': 'recovery e-mail (rate limited, same answer for unknown e-mails)',
  'POST /api/v1/auth/new-password': 'recovery with the e-mailed one-time token (rate limited)',
  'GET /api/v1/images/:id': 'uploaded images (logos, avatars) by their unguessable id',
  'GET /api/v1/public/api-settings': 'white label of the sign-in page',
  'GET /api/v1/events': 'server-sent events, authenticated by a short-lived token from POST /events/token',
};

/**
 * The money area's routes (modules/money/money.scope.ts): open to any signed-in user, the service decides — an affiliate
 * reaches its own affiliate-side records with no permission, staff need the side's read permission (403 without it),
 * everybody else gets 404 (an allowed class). A probe with an empty body is refused by validation for everyone, so only
 * the GET routes tell the staff apart: their staff cells follow the built-in roles' permissions.
 */
const STAFF_PRINCIPALS = {
  admin: 'admin',
  affiliateManager: 'affiliate_manager',
  employee: 'employee',
  advertiserManager: 'advertiser_manager',
} as const;
function money(why: string, permission?: string, extra: Partial<Record<Principal, Expect>> = {}): Declared {
  const refused = Object.entries(STAFF_PRINCIPALS).filter(([, role]) => permission && !defaultPermissions(role).includes(permission));
  return { audience: 'everyone', why, overrides: { ...Object.fromEntries(refused.map(([p]) => [p, 403 as const])), ...extra } };
}

/** Routes for any signed-in user (`config.authenticated`): the service decides who gets an answer. */
export const SIGNED_IN_ROUTES: Record<string, Declared> = {
  'GET /api/v1/balances/affiliates': money('affiliate balances: own for an affiliate, people scope for staff', 'balance.affiliate.read'),
  'GET /api/v1/balances/affiliates/:id': money('an affiliate balance: own, or in the people scope', 'balance.affiliate.read'),
  'GET /api/v1/balances/affiliates/:id/entries': money('the ledger behind an affiliate balance', 'balance.affiliate.read'),
  'GET /api/v1/balances/my': money("the caller's own balance (affiliates)"),
  'GET /api/v1/balances/advertisers': money('advertiser balances (staff)', 'balance.advertiser.read'),
  'GET /api/v1/balances/advertisers/:id': money('an advertiser balance (staff)', 'balance.advertiser.read'),
  'GET /api/v1/balances/advertisers/:id/entries': money('the ledger behind an advertiser balance', 'balance.advertiser.read'),
  'PUT /api/v1/balances/adjustments': money('manual adjustment: balance.<side>.update, checked by the service'),
  'GET /api/v1/invoices': money('invoices the caller reaches (own for an affiliate)', undefined, { advertiserMember: 403 }),
  'GET /api/v1/invoices/:id': money('an invoice: own for an affiliate, by side permission and scope for staff'),
  'GET /api/v1/invoices/:id/pdf': money('the PDF of an invoice the caller reaches'),
  'PUT /api/v1/invoices': money('create: invoice.<side>.update, checked by the service'),
  'PUT /api/v1/invoices/withdrawals': money("an affiliate's withdrawal request for itself"),
  'PATCH /api/v1/invoices': money('edit: invoice.<side>.update, checked by the service'),
  'POST /api/v1/invoices/change_status': money('paid / declined: invoice.<side>.update, checked by the service'),
  'POST /api/v1/invoices/payout_export': money('payout CSV of affiliate invoices: invoice.affiliate.update'),
  'GET /api/v1/auth/me': { audience: 'everyone', why: 'own identity' },
  'POST /api/v1/auth/impersonate': {
    audience: 'admins',
    why: 'entering needs user.impersonate (a system permission of administrators); the impersonated session may leave',
    overrides: { impersonator: 'allowed' },
  },
  'POST /api/v1/auth/change-password': { audience: 'everyone', why: 'own password' },
  'POST /api/v1/auth/2fa/setup': { audience: 'everyone', why: 'own two-factor' },
  'POST /api/v1/auth/2fa/enable': { audience: 'everyone', why: 'own two-factor' },
  'POST /api/v1/auth/2fa/disable': { audience: 'everyone', why: 'own two-factor' },
  'GET /api/v1/auth/sessions': { audience: 'everyone', why: 'own sessions (device, IP, last use)' },
  'DELETE /api/v1/auth/sessions': { audience: 'everyone', why: 'ends own sessions by id' },
  'POST /api/v1/auth/sessions/revoke-others': { audience: 'everyone', why: 'ends all own sessions but the current one' },
  'GET /api/v1/users/:id': { audience: 'everyone', why: 'self, or a user in the caller’s people scope (404 otherwise)' },
  'PATCH /api/v1/users': { audience: 'everyone', why: 'own profile' },
  'GET /api/v1/users/:id/logins-history': { audience: 'everyone', why: 'self, or in scope' },
  'POST /api/v1/users/:id/regenerate-api-token': { audience: 'everyone', why: 'self, or in scope' },
  'GET /api/v1/users/:id/preferences': { audience: 'everyone', why: 'self only' },
  'PUT /api/v1/user-preferences': { audience: 'everyone', why: 'own preferences' },
  'PATCH /api/v1/user-preferences': { audience: 'everyone', why: 'own preferences' },
  'DELETE /api/v1/user-preferences': { audience: 'everyone', why: 'own preferences' },
  'GET /api/v1/api-tokens': { audience: 'everyone', why: 'own personal API tokens' },
  'PUT /api/v1/api-tokens': { audience: 'everyone', why: 'own personal API tokens' },
  'DELETE /api/v1/api-tokens': { audience: 'everyone', why: 'own personal API tokens' },
  'PUT /api/v1/images': { audience: 'everyone', why: 'upload (rate limited)' },
  'GET /api/v1/countries': { audience: 'everyone', why: 'reference list' },
  'GET /api/v1/languages': { audience: 'everyone', why: 'reference list' },
  'GET /api/v1/timezones': { audience: 'everyone', why: 'reference list' },
  'GET /api/v1/distribution-methods': { audience: 'everyone', why: 'reference list' },
  'GET /api/v1/tags/by-type/:type': { audience: 'everyone', why: 'tag titles for pickers' },
  'GET /api/v1/categories/active': { audience: 'everyone', why: 'category titles for pickers' },
  'GET /api/v1/traffic-sources/active': { audience: 'everyone', why: 'traffic source titles for pickers' },
  'GET /api/v1/domains/active': { audience: 'staffAndAffiliates', why: 'tracking domains for campaign links' },
  'GET /api/v1/domains/for-filters': { audience: 'staffAndAffiliates', why: 'tracking domains for filters' },
  'GET /api/v1/domains/postback': { audience: 'staffAndAffiliates', why: 'postback domains' },
  'GET /api/v1/domains/track': { audience: 'staffAndAffiliates', why: 'tracking domains' },
  'GET /api/v1/notes': { audience: 'staff', why: 'staff notes never reach affiliates or advertiser members' },
  'PUT /api/v1/notes': { audience: 'staff', why: 'staff notes' },
  'POST /api/v1/notes/change_status': { audience: 'staff', why: 'staff notes' },
  'GET /api/v1/currencies/all': { audience: 'everyone', why: 'currency list' },
  'GET /api/v1/currencies/for-invoice': { audience: 'everyone', why: 'currency list' },
  'GET /api/v1/currencies/rates/active': { audience: 'everyone', why: 'exchange rates' },
  'GET /api/v1/currencies/rate/:code': { audience: 'everyone', why: 'exchange rate' },
  'GET /api/v1/currencies/convert': { audience: 'everyone', why: 'conversion helper' },
  'GET /api/v1/payment-methods/active': { audience: 'everyone', why: 'payment method forms for withdrawal methods' },
  'GET /api/v1/withdrawal-methods': {
    audience: 'staffAndAffiliates',
    why: 'an affiliate its own; staff with payment_method.update or invoice.affiliate.read, within their people scope',
  },
  'GET /api/v1/withdrawal-methods/:id': { audience: 'staffAndAffiliates', why: 'as the list' },
  'PUT /api/v1/withdrawal-methods': {
    audience: 'everyone',
    why: 'affiliates write their own (body checked first: staff get 403 after it)',
  },
  'PATCH /api/v1/withdrawal-methods': { audience: 'everyone', why: 'affiliates write their own (body checked first)' },
  'POST /api/v1/withdrawal-methods/change_status': { audience: 'everyone', why: 'affiliates write their own (body checked first)' },
  'DELETE /api/v1/withdrawal-methods': { audience: 'everyone', why: 'affiliates write their own (body checked first)' },
  'GET /api/v1/notifications/my': { audience: 'everyone', why: 'own notifications' },
  'POST /api/v1/notifications/my/read': { audience: 'everyone', why: 'own notifications' },
  'POST /api/v1/notifications/my/read_all': { audience: 'everyone', why: 'own notifications' },
  'GET /api/v1/users/managers': { audience: 'staff', why: 'staff pickers' },
  'GET /api/v1/affiliates/lookup': { audience: 'staff', why: 'staff pickers, within the people scope' },
  'GET /api/v1/teams/lookup': { audience: 'staff', why: 'staff pickers, within the people scope' },
  'GET /api/v1/teams/my': { audience: 'everyone', why: "an affiliate's own team (empty for others)" },
  'GET /api/v1/verticals/active': { audience: 'everyone', why: 'vertical titles for pickers' },
  'GET /api/v1/platforms/active': { audience: 'everyone', why: 'platform titles for pickers' },
  'POST /api/v1/leads': { audience: 'everyone', why: "the lead API: an affiliate's API token or session (body checked first)" },
  'POST /api/v1/exports': { audience: 'everyone', why: 'the export of a list needs that list’s permission (checked with the body)' },
  'GET /api/v1/exports/:id': { audience: 'everyone', why: 'own exports only (404 otherwise)' },
  'GET /api/v1/exports/:id/file': { audience: 'everyone', why: 'own exports only (404 otherwise)' },
  'GET /api/v1/exports': { audience: 'everyone', why: 'lists the caller’s own exports and reports only' },
  'DELETE /api/v1/exports/:id': { audience: 'everyone', why: 'own exports only (404 otherwise)' },
  'POST /api/v1/events/token': { audience: 'everyone', why: 'own event stream' },
};

/** Permission routes whose service narrows the audience further than the permission does. */
export const NARROWED_ROUTES: Record<string, Declared> = {
  'GET /api/v1/settings/global-postback': {
    audience: 'staff',
    why: 'the global postback is the network’s; affiliates set their own postbacks',
  },
  'GET /api/v1/landers/filters': { audience: 'staffAndAffiliates', why: 'landers are shown to staff and affiliates only' },
  'GET /api/v1/landers/:id': { audience: 'staffAndAffiliates', why: 'landers are shown to staff and affiliates only' },
  'GET /api/v1/creatives/:id': { audience: 'staffAndAffiliates', why: 'creatives are shown to staff and affiliates only' },
  'GET /api/v1/creatives/:id/attachment': { audience: 'staffAndAffiliates', why: 'creatives are shown to staff and affiliates only' },
  'GET /api/v1/campaigns': { audience: 'staffAndAffiliates', why: 'campaigns are shown to staff and affiliates only' },
  'GET /api/v1/campaigns/filters': { audience: 'staffAndAffiliates', why: 'campaigns are shown to staff and affiliates only' },
  'POST /api/v1/campaigns/:id/test-link': { audience: 'staff', why: 'a test click skips the geo and bot checks: never for an affiliate' },
  'GET /api/v1/campaigns/for-lead-editing': { audience: 'staffAndAffiliates', why: 'campaigns are shown to staff and affiliates only' },
  'GET /api/v1/campaigns/target-url-settings': { audience: 'staffAndAffiliates', why: 'campaigns are shown to staff and affiliates only' },
  'GET /api/v1/campaigns/:id': { audience: 'staffAndAffiliates', why: 'campaigns are shown to staff and affiliates only' },
  'GET /api/v1/landers': { audience: 'staffAndAffiliates', why: 'landers are shown to staff and affiliates only' },
  'GET /api/v1/landers/campaign-info': { audience: 'staffAndAffiliates', why: 'landers are shown to staff and affiliates only' },
  'GET /api/v1/creatives': { audience: 'staffAndAffiliates', why: 'creatives are shown to staff and affiliates only' },
  'GET /api/v1/caps': { audience: 'staff', why: 'caps are staff data (affiliates read an offer’s caps through /caps/info)' },
  'GET /api/v1/caps/info': { audience: 'staffAndAffiliates', why: 'the caps of an offer as its campaign screens show them' },
  'GET /api/v1/payment-rules': {
    audience: 'staff',
    why: 'payment rules are staff data (affiliates read their payouts through /payment-rules/info)',
  },
  'GET /api/v1/payment-rules/info': { audience: 'staffAndAffiliates', why: 'the payouts of an offer as its campaign screens show them' },
  'GET /api/v1/offers/for-campaign': {
    audience: 'everyone',
    why: 'offers a campaign of the named affiliate may use: staff within their people scope, an affiliate itself only (the probe names another: 403), an advertiser member no affiliate (404)',
    overrides: { affiliate: 403, impersonator: 403 },
  },
  'GET /api/v1/offers/special': {
    audience: 'everyone',
    why: 'special offers of the named affiliate: staff within their people scope, an affiliate itself only (the probe names another: 403), an advertiser member no affiliate (404)',
    overrides: { affiliate: 403, impersonator: 403 },
  },
  'GET /api/v1/caps/filters': { audience: 'staff', why: 'caps are staff data' },
  'GET /api/v1/caps/:id': { audience: 'staff', why: 'caps are staff data' },
  'GET /api/v1/payment-rules/filters': { audience: 'staff', why: 'payment rules are staff data' },
  'GET /api/v1/payment-rules/:id': { audience: 'staff', why: 'payment rules are staff data' },
  'GET /api/v1/offers': {
    audience: 'staff',
    why: 'affiliates see offers through /offers/for-affiliate',
    overrides: { advertiserMember: 'allowed' },
  },
  'GET /api/v1/offers/:id': {
    audience: 'staff',
    why: 'affiliates see offers through /offers/for-affiliate/:id',
    overrides: { advertiserMember: 'allowed' },
  },
  'GET /api/v1/offers/creation-data': { audience: 'staff', why: 'the offer form' },
  'GET /api/v1/offers/:id/affiliates': { audience: 'staff', why: 'offer access lists are staff data' },
  'GET /api/v1/offers/:id/teams': { audience: 'staff', why: 'offer access lists are staff data' },
  'GET /api/v1/offers/:id/advertisers': { audience: 'staff', why: 'offer targets are staff data' },
  'GET /api/v1/offers/:id/readiness': {
    audience: 'staff',
    why: 'what an offer still needs (its targets, rules, assignments) is staff data',
  },
  'GET /api/v1/offers/for-affiliate': { audience: 'affiliates', why: "the affiliate's offer view" },
  'GET /api/v1/offers/for-affiliate/:id': { audience: 'affiliates', why: "the affiliate's offer view" },
};

/**
 * Routes whose probe ends the caller's other sessions (the principals' tokens): the matrix probes them last, each
 * principal from a new session of its own.
 */
export const SESSION_ENDING_ROUTES: Record<string, string> = {
  'POST /api/v1/auth/sessions/revoke-others': 'ends every other session of the caller',
};

/** What a probe knows of its principal. */
export interface ProbeContext {
  refreshToken: string | null;
}

/**
 * The request the matrix sends: path parameters are made up (`:id` 999999999), the required query parameters filled
 * (the seeded offer, made-up ids), an empty JSON object as the body of a route with a body schema — so no probe
 * writes anything. These routes get a probe that passes validation,
 * so their service's own check is what answers (or an empty body would act).
 */
export const PROBES: Record<string, (p: ProbeContext) => { query?: string; body?: unknown }> = {
  'POST /api/v1/auth/impersonate': ({ refreshToken }) => ({
    body: { refreshToken: refreshToken ?? 'none'.repeat(8), impersonateAs: 999999999 },
  }),
  'GET /api/v1/notes': () => ({ query: 'targetSlug=affiliate:999999999' }),
  'PUT /api/v1/notes': () => ({ body: { items: [{ targetSlug: 'affiliate:999999999', content: 'probe' }] } }),
  'POST /api/v1/notes/change_status': () => ({ body: { items: [{ id: 999999999, status: 'deleted' }] } }),
};

/** The kinds of affiliate-owned records the row-scope check reads by id (see seed.ts). */
export type RecordKind = 'click' | 'lead' | 'conversion' | 'postback' | 'postbackLog' | 'withdrawalMethod' | 'campaign' | 'affiliate';

/** First path segments of affiliate-owned data: each `GET /api/v1/<segment>/:id...` route must be in RECORD_ROUTES. */
export const AFFILIATE_OWNED_SEGMENTS = [
  'clicks',
  'leads',
  'conversions',
  'postbacks',
  'postback-logs',
  'withdrawal-methods',
  'campaigns',
  'affiliates',
  'users',
  'exports',
  'notes',
];

/** By-id reads of affiliate-owned data, with the kind of record their `:id` names (null: not an affiliate record). */
export const RECORD_ROUTES: Record<string, RecordKind | null> = {
  'GET /api/v1/clicks/:id': 'click',
  'GET /api/v1/leads/:id': 'lead',
  'GET /api/v1/leads/:id/history': 'lead',
  'GET /api/v1/leads/:id/advertiser-data': 'lead',
  // a write: its row scope (a manager edits only their affiliates' leads) is tested in modules/engine/lead-edit/lead-edit.test.ts ("lets a manager edit only the leads of their affiliates")
  'PUT /api/v1/leads/:id': null,
  'GET /api/v1/conversions/:id': 'conversion',
  'GET /api/v1/postbacks/:id': 'postback',
  'POST /api/v1/postbacks/:id/test': null,
  'GET /api/v1/postback-logs/:id': 'postbackLog',
  'GET /api/v1/withdrawal-methods/:id': 'withdrawalMethod',
  'GET /api/v1/campaigns/:id': 'campaign',
  // a write: its row scope (a manager gets 404 for a campaign of an affiliate it does not manage) is tested in modules/engine/tracking/test-click.test.ts
  'POST /api/v1/campaigns/:id/test-link': null,
  'GET /api/v1/affiliates/:id': 'affiliate',
  'GET /api/v1/affiliates/:id/block-history': 'affiliate',
  'GET /api/v1/users/:id': 'affiliate',
  'GET /api/v1/users/:id/logins-history': 'affiliate',
  'GET /api/v1/users/:id/preferences': 'affiliate',
  'POST /api/v1/users/:id/regenerate-api-token': null,
  'GET /api/v1/exports/:id': null,
  'GET /api/v1/exports/:id/file': null,
  'DELETE /api/v1/exports/:id': null,
};

/**
 * Cells that fail today because a defect of issue 15 is not fixed yet. Each names its defect; a listed cell that
 * passes fails the test too (remove it then), so this list only ever shrinks.
 */
export interface KnownFailure {
  defect: string;
  /** `METHOD /url` of the operation, or '*' */
  op: string;
  principals: readonly Principal[];
  /** the answer it gives today (a status) */
  status: number;
}
export const KNOWN_FAILING: KnownFailure[] = [];

/**
 * Until authentication and the permission check run before validation (issue 15 "Hardening"), a request with a bad
 * body or query answers 400 to anyone. Such cells (expected 401/403, answered 400) are counted as this known failure.
 */
export const KNOWN_VALIDATION_FIRST = { defect: '15 hardening: authentication before body validation', enabled: false };

/** Permissions the catalogue still gives a non-staff role type beyond NON_STAFF_PERMISSIONS, with their defect. */
export const KNOWN_EXTRA_PERMISSIONS: { roleType: 'affiliate' | 'advertiser_member'; permission: string; defect: string }[] = [];

/** Row-scope answers that leak today because a defect of issue 15 is not fixed yet; a listed leak that is gone fails. */
export const KNOWN_ROW_LEAKS: KnownFailure[] = [];

/** Hostile inputs that still get a 5xx (or, for orderBy, not a 400) because a defect of issue 15 is not fixed yet. */
export const KNOWN_FUZZ_FAILURES: { defect: string; op: string; input: RegExp; as: 'admin' | 'anonymous' | 'any' }[] = [];
