/**
 * Domain parking: hosts the network points at the platform with a CNAME record — tracking domains for campaign
 * links and postback domains for advertisers' postbacks. Hosts are unique case-insensitively.
 */
import {
  DOMAIN_STATUSES,
  STAFF_ROLE_TYPES,
  type ApiErrorItem,
  type DomainType,
  type LookupQuery,
  type domainCreate,
  type domainListQuery,
  type domainUpdate,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { domains, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError, isUniqueViolation } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { lockById, reloadByIds } from '../../../lib/rows';
import { contains } from '../../../lib/search';

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
  const rows = await selectDomains(ctx).where(where).orderBy(p.order, asc(domains.id)).limit(p.limit).offset(p.offset);
  const items = rows.map((r) => toDomain(r, dnsTarget));
  if (!p.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(domains).where(where);
  return { items, meta: { totalCount: n } };
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

/** Field errors for hosts already parked, or given twice in the same request. Hosts arrive lower-cased. */
async function duplicateErrors(ctx: Ctx, wanted: { host: string; id?: number }[]): Promise<ApiErrorItem[]> {
  const existing = await ctx.db
    .select({ id: domains.id, host: domains.host })
    .from(domains)
    .where(inArray(sql`lower(${domains.host})`, [...new Set(wanted.map((w) => w.host.toLowerCase()))]));
  const taken = new Map(existing.map((r) => [r.host.toLowerCase(), r.id]));
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  wanted.forEach((w, i) => {
    const k = w.host.toLowerCase();
    const owner = taken.get(k);
    if ((owner !== undefined && owner !== w.id) || seen.has(k))
      errors.push({ msg: 'unique', type: 'unique', loc: ['body', 'items', i, 'host'] });
    seen.add(k);
  });
  return errors;
}

/** Runs one row's write; a unique violation (a concurrent write won the race) becomes the field error. */
async function uniqueGuard<T>(index: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.field(['body', 'items', index, 'host'], 'unique', DUPLICATE);
    throw err;
  }
}

export async function create(ctx: Ctx, items: z.infer<typeof domainCreate>[], dnsTarget: string) {
  const actor = requireActor(ctx);
  const errors = await duplicateErrors(ctx, items);
  if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
  const ids = await ctx.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const [i, item] of items.entries()) {
      const [row] = await uniqueGuard(i, () =>
        tx
          .insert(domains)
          .values({ host: item.host, type: item.type, status: item.status, createdBy: actor.id, createdAt: ctx.now() })
          .returning(),
      );
      created.push(row.id);
    }
    await recordAudits(
      { ...ctx, db: tx },
      items.map((item, i) => ({
        entity: 'domain',
        entityId: created[i],
        action: 'create',
        changes: { host: item.host, type: item.type, status: item.status },
      })),
    );
    return created;
  });
  return byIds(ctx, ids, dnsTarget);
}

export async function update(ctx: Ctx, items: z.infer<typeof domainUpdate>[], dnsTarget: string) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<DomainRow>(
      c,
      domains,
      domains.id,
      items.map((x) => x.id),
      'Domain',
    );
    const errors = await duplicateErrors(
      c,
      items.map((x) => ({ id: x.id, host: x.host ?? current.get(x.id)!.host })),
    );
    if (errors.length) throw new AppError('VALIDATION', DUPLICATE, errors);
    const audits: AuditEntry[] = [];
    for (const [i, { id, ...patch }] of items.entries()) {
      const changes = diffFields(current.get(id)!, patch);
      if (!changes) continue;
      await uniqueGuard(i, () => tx.update(domains).set(changes.after).where(eq(domains.id, id)));
      audits.push({ entity: 'domain', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids, dnsTarget);
}

export async function changeStatus(ctx: Ctx, items: { id: number; status: Status }[], dnsTarget: string) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<DomainRow>(
      c,
      domains,
      domains.id,
      items.map((x) => x.id),
      'Domain',
    );
    const audits: AuditEntry[] = [];
    for (const item of items) {
      const changes = diffFields(current.get(item.id)!, { status: item.status });
      if (!changes) continue;
      await tx.update(domains).set({ status: item.status }).where(eq(domains.id, item.id));
      audits.push({ entity: 'domain', entityId: item.id, action: 'change_status', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids, dnsTarget);
}

async function byIds(ctx: Ctx, ids: number[], dnsTarget: string) {
  return reloadByIds(ids, async (unique) =>
    (await selectDomains(ctx).where(inArray(domains.id, unique))).map((r) => toDomain(r, dnsTarget)),
  );
}
