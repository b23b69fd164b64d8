/**
 * The permission matrix of issue 15 (docs/security.md "The matrix"): generated from the route table and the
 * permission catalogue, not written per route. For every operation and every principal it checks the answer class
 * (allowed, 401, 403) against the expectation the catalogue and access-declarations.ts give; then, over the same
 * route table, that no answer to the affiliate manager, affiliate A or the administrator acting as A names
 * affiliate B, and that B's records read by id are 404 to them.
 */
import { defaultPermissions, permissionsForRoleType, type RoleType } from '@leadgrid/shared';
import { describe, expect, it } from 'vitest';
import { useApp } from '../helper';
import {
  AUDIENCES,
  AFFILIATE_OWNED_SEGMENTS,
  KNOWN_EXTRA_PERMISSIONS,
  KNOWN_FAILING,
  KNOWN_ROW_LEAKS,
  KNOWN_VALIDATION_FIRST,
  NARROWED_ROUTES,
  NON_STAFF_PERMISSIONS,
  PROBES,
  PUBLIC_PREFIXES,
  PUBLIC_ROUTES,
  RECORD_ROUTES,
  SESSION_ENDING_ROUTES,
  SIGNED_IN_ROUTES,
  type Expect,
  type KnownFailure,
  type RecordKind,
} from './access-declarations';
import { probePath, routeTable, type Operation } from './route-table';
import { freshToken, PRINCIPALS, seedSecurityWorld, type AffiliateWorld, type Principal } from './seed';

const t = await useApp();

const { operations, documented } = await routeTable(t);
const w = await seedSecurityWorld(t);

const ROLE: Record<Principal, RoleType | null> = {
  admin: 'admin',
  affiliateManager: 'affiliate_manager',
  employee: 'employee',
  advertiserManager: 'advertiser_manager',
  affiliate: 'affiliate',
  advertiserMember: 'advertiser_member',
  impersonator: 'affiliate',
  anonymous: null,
};

/** What the declarations say about one cell, or why the operation is undeclared. */
function expectation(op: Operation, p: Principal): Expect | { undeclared: string } {
  const cfg = op.config;
  if (cfg.public) {
    if (PUBLIC_ROUTES[op.key] || Object.keys(PUBLIC_PREFIXES).some((prefix) => op.url.startsWith(`${prefix}/`) || op.url === prefix))
      return 'allowed';
    return { undeclared: 'public route missing from PUBLIC_ROUTES' };
  }
  const role = ROLE[p];
  let declared;
  if (cfg.authenticated) {
    declared = SIGNED_IN_ROUTES[op.key];
    if (!declared) return { undeclared: 'signed-in route missing from SIGNED_IN_ROUTES' };
  } else if (cfg.permission) {
    declared = NARROWED_ROUTES[op.key];
    if (!role) return 401;
    const needs = [cfg.permission].flat() as string[];
    if (!needs.some((x) => defaultPermissions(role).includes(x))) return 403;
  } else {
    return { undeclared: 'route with neither public, authenticated nor permission' };
  }
  if (!role) return 401;
  if (!declared) return 'allowed';
  return declared.overrides?.[p] ?? (AUDIENCES[declared.audience].includes(role) ? 'allowed' : 403);
}

function classOf(status: number): Expect | '5xx' {
  if (status === 401 || status === 403) return status;
  return status >= 500 ? '5xx' : 'allowed';
}

function probeUrl(op: Operation, query?: string): string {
  return query ? `${probePath(op.url)}?${query}` : probePath(op.url);
}

/**
 * The probe's query: its required parameters filled so that the service, not the query's validation, answers — an
 * enum's first value, the seeded offer, vertical and platform, made-up ids for anything else naming a record.
 */
function requiredQuery(op: Operation): string | undefined {
  const fill: Record<string, string> = {
    offerId: String(w.refs.offerId),
    verticalId: String(w.refs.verticalId),
    platformId: String(w.refs.platformId),
    affiliateId: '999999999',
    ids: '999999999',
    targetSlug: 'affiliate:999999999',
    amount: '1',
    from: 'USD',
    to: 'EUR',
  };
  const parts = (op.openapi?.parameters ?? [])
    .filter((x) => x.in === 'query' && x.required)
    .flatMap((x) => {
      const value = x.schema?.enum?.[0] ?? fill[x.name];
      return value === undefined ? [] : [`${x.name}=${encodeURIComponent(String(value))}`];
    });
  return parts.length ? parts.join('&') : undefined;
}

async function probe(op: Operation, p: Principal, token = w.tokens[p]) {
  const custom = PROBES[op.key]?.({ refreshToken: w.refreshTokens[p] });
  const body = custom?.body ?? (op.hasBody ? {} : undefined);
  return t.request({
    method: op.method as 'GET',
    url: probeUrl(op, custom?.query ?? requiredQuery(op)),
    as: token,
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

const knownSeen = new Set<string>();
let validationFirst = 0;
const cells = new Map<string, { expected: Expect; status: number; body: string }>();
const cellKey = (op: string, p: Principal) => `${op} | ${p}`;

describe('route table', () => {
  it('covers every operation of the OpenAPI document', async () => {
    const known = new Set(operations.map((o) => o.key));
    expect(documented.length).toBeGreaterThan(300);
    expect(documented.filter((k) => !known.has(k))).toEqual([]);
  });

  it('declares the access of every operation', () => {
    const undeclared = operations.flatMap((op) => {
      const e = expectation(op, 'admin');
      return typeof e === 'object' ? [`${op.key}: ${e.undeclared}`] : [];
    });
    expect(undeclared).toEqual([]);
  });

  it('declares no operation that no longer exists', () => {
    const known = new Set(operations.map((o) => o.key));
    const stale = [
      ...Object.keys(PUBLIC_ROUTES),
      ...Object.keys(SIGNED_IN_ROUTES),
      ...Object.keys(NARROWED_ROUTES),
      ...Object.keys(PROBES),
      ...Object.keys(RECORD_ROUTES),
    ].filter((k) => !known.has(k));
    expect(stale).toEqual([]);
  });

  it('gives affiliates and advertiser members only the declared permissions', () => {
    for (const type of ['affiliate', 'advertiser_member'] as const) {
      const extra = new Set(KNOWN_EXTRA_PERMISSIONS.filter((k) => k.roleType === type).map((k) => k.permission));
      const held = permissionsForRoleType(type, true).map((x) => x.name);
      expect(held.filter((n) => !extra.has(n)).sort(), type).toEqual([...NON_STAFF_PERMISSIONS[type]].sort());
      // a known extra permission that is gone must leave the list
      expect(
        [...extra].filter((n) => !held.includes(n)),
        `${type}: fixed, remove from KNOWN_EXTRA_PERMISSIONS`,
      ).toEqual([]);
    }
  });
});

async function wrongCells(op: Operation, token?: (p: Principal) => Promise<string | null>): Promise<string[]> {
  const wrong: string[] = [];
  for (const p of PRINCIPALS) {
    const expected = expectation(op, p);
    if (typeof expected === 'object') continue; // reported by the route-table test
    const res = await probe(op, p, await token?.(p));
    cells.set(cellKey(op.key, p), { expected, status: res.statusCode, body: res.body });
    const known = KNOWN_FAILING.find((k) => (k.op === op.key || k.op === '*') && k.principals.includes(p) && k.status === res.statusCode);
    if (known) {
      knownSeen.add(`${known.defect} ${known.op}`);
      continue;
    }
    if (classOf(res.statusCode) === expected) continue;
    if (KNOWN_VALIDATION_FIRST.enabled && res.statusCode === 400 && (expected === 401 || expected === 403)) {
      validationFirst++;
      continue;
    }
    wrong.push(`${op.key} as ${p}: expected ${expected}, answered ${res.statusCode} ${res.body.slice(0, 120)}`);
  }
  return wrong;
}

describe('permission matrix', () => {
  it.each(operations.filter((op) => !SESSION_ENDING_ROUTES[op.key]).map((op) => [op.key, op] as const))(
    '%s answers every principal as declared',
    async (_key, op) => {
      expect(await wrongCells(op)).toEqual([]);
    },
  );

  it('lists only known failures that still fail', () => {
    expect(cells.size).toBe(operations.filter((op) => !SESSION_ENDING_ROUTES[op.key]).length * PRINCIPALS.length);
    // a fixed known failure leaves the list
    const stale = KNOWN_FAILING.filter((k) => !knownSeen.has(`${k.defect} ${k.op}`)).map(
      (k) => `${k.defect}: ${k.op} passes now, remove it`,
    );
    expect(stale).toEqual([]);
    if (KNOWN_VALIDATION_FIRST.enabled)
      expect(validationFirst, `${KNOWN_VALIDATION_FIRST.defect} is fixed: set enabled to false`).toBeGreaterThan(0);
  });
});

interface Leak {
  op: string;
  p: Principal;
  status: number;
  detail: string;
}

/** Principals whose answers must hold nothing of affiliate B. */
const SCOPED: Principal[] = ['affiliateManager', 'affiliate', 'impersonator'];
const AFFILIATE_FACING: Principal[] = ['affiliate', 'impersonator'];

function recordId(world: AffiliateWorld, kind: RecordKind): string | number {
  return kind === 'affiliate' ? world.user.id : world.ids[kind];
}

function leaks(body: string, p: Principal): string[] {
  const found = [...w.b.markers, w.b.ids.click].filter((m) => body.includes(m));
  if (AFFILIATE_FACING.includes(p)) {
    found.push(...w.noteMarkers.filter((m) => body.includes(m)));
    // another affiliate's lead id in a duplicate's reason or link (defect 15.10)
    if (new RegExp(`(lead #?${w.b.ids.lead}\\b)|("duplicateOf":${w.b.ids.lead}\\b)`, 'i').test(body))
      found.push(`lead ${w.b.ids.lead} of B`);
  }
  return found;
}

/**
 * The query strings a list is read with: its required query parameters filled from the seeded world (an enum once per
 * value, so every filter look-up is read; an affiliate or record parameter naming B), and, when the list filters by
 * affiliate, once more asking for B's rows explicitly. A parameter not known here leaves the list unread (400).
 */
function listQueries(op: Operation): string[] {
  const params = op.openapi?.parameters?.filter((x) => x.in === 'query') ?? [];
  const fill: Record<string, string> = {
    offerId: String(w.refs.offerId),
    verticalId: String(w.refs.verticalId),
    platformId: String(w.refs.platformId),
    affiliateId: String(w.b.user.id),
    targetSlug: `affiliate:${w.b.user.id}`,
  };
  let queries = [''];
  for (const param of params.filter((x) => x.required)) {
    const values = param.schema?.enum ?? (fill[param.name] ? [fill[param.name]] : []);
    queries = queries.flatMap((q) => values.map((v) => `${q}${q ? '&' : ''}${param.name}=${encodeURIComponent(String(v))}`));
  }
  const byAffiliate = params.find((x) => !x.required && x.name === 'affiliateId');
  return byAffiliate ? [...queries, ...queries.map((q) => `${q}${q ? '&' : ''}affiliateId=${w.b.user.id}`)] : queries;
}

describe('row scope', () => {
  const getRoutes = () => operations.filter((op) => op.method === 'GET' && !op.config.public);

  it('names every by-id read of affiliate-owned data in RECORD_ROUTES', () => {
    const missing = operations
      .filter((op) => op.url.includes(':id') && AFFILIATE_OWNED_SEGMENTS.includes(op.url.split('/')[3]))
      .filter((op) => !(op.key in RECORD_ROUTES))
      .map((op) => op.key);
    expect(missing).toEqual([]);
  });

  it('shows B to the administrator (the markers can be found)', async () => {
    for (const [url, marker] of [
      ['/api/v1/clicks/valid', w.b.ids.click],
      ['/api/v1/leads', w.b.markers[0]],
      [`/api/v1/notes?targetSlug=affiliate:${w.b.user.id}`, w.noteMarkers[1]],
      ['/api/v1/withdrawal-methods', w.b.markers[0]],
      ['/api/v1/postbacks', w.b.markers[0]],
      ['/api/v1/leads/filters?filterSlug=affiliates', w.b.markers[1]],
    ] as const) {
      const res = await t.request({ method: 'GET', url, as: t.admin });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(marker);
    }
  });

  it('shows A to the manager and to A (the scoped answers are not simply empty)', async () => {
    for (const [p, url] of [
      ['affiliateManager', '/api/v1/leads'],
      ['affiliateManager', '/api/v1/leads/filters?filterSlug=affiliates'],
      ['affiliateManager', '/api/v1/conversions'],
      ['affiliateManager', '/api/v1/clicks/valid'],
      ['affiliateManager', '/api/v1/withdrawal-methods'],
      ['affiliate', '/api/v1/leads'],
      ['affiliate', '/api/v1/postbacks'],
      ['affiliate', '/api/v1/postback-logs/affiliates'],
      ['impersonator', '/api/v1/campaigns'],
    ] as const) {
      const res = await t.request({ method: 'GET', url, as: w.tokens[p] });
      expect(res.statusCode, `${url} as ${p}`).toBe(200);
      expect(res.body, `${url} as ${p}`).toContain(w.a.markers[0]);
    }
  });

  it('lists nothing of B to the manager, to affiliate A or to the administrator acting as A', async () => {
    const found: Leak[] = [];
    let checked = 0;
    for (const op of getRoutes().filter((o) => !o.url.includes(':'))) {
      for (const p of SCOPED) {
        if (expectation(op, p) !== 'allowed') continue;
        for (const query of listQueries(op)) {
          const res = await t.request({ method: 'GET', url: query ? `${op.url}?${query}` : op.url, as: w.tokens[p] });
          if (res.statusCode >= 300) continue;
          checked++;
          const leaked = leaks(res.body, p);
          if (leaked.length)
            found.push({ op: op.key, p, status: res.statusCode, detail: `${query ? `?${query}: ` : ''}${leaked.join(', ')}` });
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(unexpectedLeaks(found, (k) => !k.op.includes(':'))).toEqual([]);
  });

  it('answers 404 for B’s records by id to them, and shows A’s', async () => {
    const wrong: Leak[] = [];
    for (const [key, kind] of Object.entries(RECORD_ROUTES)) {
      if (!kind) continue;
      const op = operations.find((o) => o.key === key)!;
      for (const p of SCOPED) {
        if (expectation(op, p) !== 'allowed') continue;
        const url = (id: string | number) => op.url.replace(':id', String(id));
        const theirs = await t.request({ method: 'GET', url: url(recordId(w.b, kind)), as: w.tokens[p] });
        if (theirs.statusCode !== 404)
          wrong.push({ op: key, p, status: theirs.statusCode, detail: `B's record: ${theirs.body.slice(0, 100)}` });
        const own = [recordId(w.a, kind), ...(kind === 'lead' ? [w.a.duplicateLead!] : [])];
        for (const id of own) {
          const res = await t.request({ method: 'GET', url: url(id), as: w.tokens[p] });
          if (res.statusCode !== 200)
            wrong.push({ op: key, p, status: res.statusCode, detail: `A's record ${id}: ${res.body.slice(0, 100)}` });
          else if (leaks(res.body, p).length)
            wrong.push({ op: key, p, status: res.statusCode, detail: `A's record ${id} names B: ${leaks(res.body, p).join(', ')}` });
        }
      }
    }
    expect(unexpectedLeaks(wrong, (k) => k.op.includes(':'))).toEqual([]);
  });

  it('keeps staff notes from affiliates', async () => {
    for (const p of AFFILIATE_FACING) {
      for (const target of [w.a.user.id, w.b.user.id]) {
        const res = await t.request({ method: 'GET', url: `/api/v1/notes?targetSlug=affiliate:${target}`, as: w.tokens[p] });
        expect(res.statusCode, p).toBe(403);
      }
    }
    const manager = await t.request({
      method: 'GET',
      url: `/api/v1/notes?targetSlug=affiliate:${w.b.user.id}`,
      as: w.tokens.affiliateManager,
    });
    expect(manager.statusCode).toBe(404);
    const assigned = await t.request({
      method: 'GET',
      url: `/api/v1/notes?targetSlug=affiliate:${w.a.user.id}`,
      as: w.tokens.affiliateManager,
    });
    expect(assigned.body).toContain(w.noteMarkers[0]);
  });
});

/** Leaks found, less the known ones (KNOWN_ROW_LEAKS); a known leak no longer found is reported too. */
function unexpectedLeaks(found: Leak[], applies: (k: KnownFailure) => boolean): string[] {
  const seen = new Set<KnownFailure>();
  const left = found.filter((f) => {
    const known = KNOWN_ROW_LEAKS.find((k) => k.op === f.op && k.principals.includes(f.p) && k.status === f.status);
    if (known) seen.add(known);
    return !known;
  });
  return [
    ...left.map((f) => `${f.op} as ${f.p}: ${f.status} ${f.detail}`),
    ...KNOWN_ROW_LEAKS.filter((k) => applies(k) && !seen.has(k)).map(
      (k) => `${k.defect}: ${k.op} holds now, remove it from KNOWN_ROW_LEAKS`,
    ),
  ];
}

// last in the file: these probes end the principals' other sessions, so each principal calls from a new one
describe('session-ending routes', () => {
  it.each(operations.filter((op) => SESSION_ENDING_ROUTES[op.key]).map((op) => [op.key, op] as const))(
    '%s answers every principal as declared',
    async (_key, op) => {
      expect(await wrongCells(op, (p) => freshToken(t, w, p))).toEqual([]);
    },
  );
});
