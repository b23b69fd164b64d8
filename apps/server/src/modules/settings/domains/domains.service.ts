/**
 * Domain parking: hosts the network points at the platform with a CNAME record — tracking domains for campaign
 * links and postback domains for advertisers' postbacks. Hosts are unique case-insensitively.
 */
import {
  DOMAIN_STATUSES,
  STAFF_ROLE_TYPES,
  type DomainType,
  type LookupQuery,
  type domainCreate,
  type domainListQuery,
  type domainUpdate,
} from '@leadgrid/shared';
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { domains, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { changeStatuses, reloadByIds } from '../../../lib/rows';
import { listPage } from '../../../lib/lists';
import { contains } from '../../../lib/search';
import { createUnique, updateUnique, type UniqueSpec } from '../../../lib/unique-rows';

type DomainRow = typeof domains.$inferSelect;
type Status = (typeof DOMAIN_STATUSES)[number];

const LIST: ListSpec = {
  orderBy: { id: domains.id, host: domains.host, type: domains.type, status: domains.status, createdAt: domains.createdAt },
  defaultOrder: 'id:desc',
  statuses: DOMAIN_STATUSES,
};
const DUPLICATE = 'This domain is already parked';

/** The look-ups: every active domain, every domain (filters), active postback domains, active tracking domains. */
export const LOOKUPS = {
  active: { status: 'active' },
  'for-filters': {},
  postback: { status: 'active', type: 'postback' },
  track: { status: 'active', type: 'track' },
} as const satisfies Record<string, { status?: Status; type?: DomainType }>;
export type LookupName = keyof typeof LOOKUPS;

const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

function toDomain(
  row: { domain: DomainRow; author: { id: number; firstName: string; lastName: string; email: string } | null },
  dnsTarget: string,
) {
  const { domain: d } = row;
  return {
    id: d.id,
    host: d.host,
    type: d.type as DomainType,
    status: d.status as Status,
    createdAt: toSeconds(d.createdAt)!,
    createdBy: row.author,
    dnsTarget,
  };
}

const selectDomains = (ctx: Ctx) =>
  ctx.db.select({ domain: domains, author }).from(domains).leftJoin(users, eq(users.id, domains.createdBy));

/** `dnsTarget`: the platform's public host, which every parked domain's CNAME record points to. */
export async function list(ctx: Ctx, q: z.infer<typeof domainListQuery>, dnsTarget: string) {
  const p = parseList(q, LIST);
  const where = and(
    p.statuses ? inArray(domains.status, p.statuses) : undefined,
    q.type?.length ? inArray(domains.type, q.type) : undefined,
    p.search ? ilike(domains.host, contains(p.search)) : undefined,
  );
  const query = selectDomains(ctx).$dynamic();
  return listPage(ctx, p, { table: domains, idColumn: domains.id, where, query, map: (r) => toDomain(r, dnsTarget) });
}

export async function get(ctx: Ctx, id: number, dnsTarget: string) {
  const [row] = await selectDomains(ctx).where(eq(domains.id, id)).limit(1);
  if (!row) throw AppError.notFound('Domain');
  return toDomain(row, dnsTarget);
}

/** Staff and affiliates (who pick a tracking domain for their campaigns) may read the look-ups; advertisers may not. */
export async function lookup(ctx: Ctx, name: LookupName, q: LookupQuery) {
  const actor = requireActor(ctx);
  if (actor.roleType !== 'affiliate' && !STAFF_ROLE_TYPES.includes(actor.roleType)) throw AppError.forbidden();
  const rule: { status?: Status; type?: DomainType } = LOOKUPS[name];
  const where: SQL[] = [];
  if (rule.type) where.push(eq(domains.type, rule.type));
  if (q.ids?.length) where.push(inArray(domains.id, q.ids));
  else if (rule.status) where.push(eq(domains.status, rule.status));
  if (q.search) where.push(ilike(domains.host, contains(q.search)));
  const rows = await ctx.db
    .select({ id: domains.id, host: domains.host, type: domains.type, status: domains.status })
    .from(domains)
    .where(and(...where))
    .orderBy(asc(domains.host), asc(domains.id))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, type: r.type as DomainType, status: r.status as Status })) };
}

/** hosts arrive lower-cased */
const UNIQUE: UniqueSpec = { table: domains, idColumn: domains.id, column: domains.host, field: 'host', message: DUPLICATE };

export async function create(ctx: Ctx, items: z.infer<typeof domainCreate>[], dnsTarget: string) {
  const actor = requireActor(ctx);
  const ids = await createUnique(
    ctx,
    UNIQUE,
    {
      entity: 'domain',
      values: (item) => ({ host: item.host, type: item.type, status: item.status, createdBy: actor.id, createdAt: ctx.now() }),
      changes: (item) => ({ host: item.host, type: item.type, status: item.status }),
    },
    items,
  );
  return byIds(ctx, ids, dnsTarget);
}

export async function update(ctx: Ctx, items: z.infer<typeof domainUpdate>[], dnsTarget: string) {
  return byIds(
    ctx,
    await updateUnique<DomainRow, (typeof items)[number]>(ctx, UNIQUE, { entity: 'domain', what: 'Domain' }, items),
    dnsTarget,
  );
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[], dnsTarget: string) {
  const ids = await changeStatuses(ctx, { table: domains, idColumn: domains.id, entity: 'domain', what: 'Domain' }, items);
  return byIds(ctx, ids, dnsTarget);
}

async function byIds(ctx: Ctx, ids: number[], dnsTarget: string) {
  return reloadByIds(ids, async (unique) =>
    (await selectDomains(ctx).where(inArray(domains.id, unique))).map((r) => toDomain(r, dnsTarget)),
  );
}
