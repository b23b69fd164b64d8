/**
 * Advertiser targets of offers (tab advertisers / targeting, `/offer-advertisers`): the advertisers that may receive
 * an offer's leads, each through one of its integrations, with the advertiser sieve, weight, priority and status.
 *
 * - a target is created from an integration: it must be active, of an active advertiser, and of the offer's vertical
 *   (the advertiser is derived from it); one target per offer and integration;
 * - a target is activated only while its integration and advertiser are active (409 otherwise);
 * - GUARD (product §4): an advertiser cannot be removed from an offer while active landers of the offer are assigned to
 *   it — deleting the last target of an advertiser on an offer with such landers is a 409 with the spec's wording.
 */
import {
  ADVERTISER_REMOVAL_GUARD,
  sieveFor,
  type ApiErrorItem,
  type OfferAdvertiser,
  type OfferLinkStatus,
  storedSieve,
  type offerAdvertiserCreate,
  type offerAdvertisersQuery,
  type offerAdvertiserUpdate,
} from '@leadgrid/shared';
import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { advertisers, integrations, landers, offerAdvertisers, offers } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import { diffFields, recordAudits, type AuditEntry } from '../../../lib/audit';
import { lockById, reloadByIds } from '../../../lib/rows';
import { uniqueGuard } from '../../sell-side/integrations';
import { sieveErrors } from './assignments.service';
import { contains } from '../../../lib/search';

type Row = typeof offerAdvertisers.$inferSelect;
export const DUPLICATE_TARGET = 'This integration already targets the offer';
export const TARGET_NOT_ACTIVATABLE = 'A target can be activated only while its integration and advertiser are active';

const activeLanders =
  sql<number>`(select count(*) from ${landers} where ${landers.offerId} = ${offerAdvertisers.offerId} and ${landers.advertiserId} = ${offerAdvertisers.advertiserId} and ${landers.status} = 'active')`.mapWith(
    Number,
  );

const select = (ctx: Ctx) =>
  ctx.db
    .select({
      t: offerAdvertisers,
      advertiser: { id: advertisers.id, secureId: advertisers.secureId, title: advertisers.title, status: advertisers.status },
      integration: { id: integrations.id, title: integrations.title, status: integrations.status },
      activeLanders,
    })
    .from(offerAdvertisers)
    .innerJoin(advertisers, eq(advertisers.id, offerAdvertisers.advertiserId))
    .innerJoin(integrations, eq(integrations.id, offerAdvertisers.integrationId));
type Selected = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

const toView = (r: Selected): OfferAdvertiser => ({
  id: r.t.id,
  offerId: r.t.offerId,
  advertiser: { ...r.advertiser, status: r.advertiser.status as 'active' | 'blocked' },
  integration: { ...r.integration, status: r.integration.status as 'active' | 'inactive' },
  sieve: storedSieve(r.t.sieve),
  weight: r.t.weight,
  lowPriority: r.t.lowPriority,
  status: r.t.status as OfferLinkStatus,
  activeLanders: r.activeLanders,
  createdAt: toSeconds(r.t.createdAt)!,
});

/** GET /offers/:id/advertisers: normal priority first, then by weight */
export async function list(ctx: Ctx, offerId: number, q: z.infer<typeof offerAdvertisersQuery>) {
  const [offer] = await ctx.db.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
  if (!offer) throw AppError.notFound('Offer');
  const where = and(
    eq(offerAdvertisers.offerId, offerId),
    q.status?.length ? inArray(offerAdvertisers.status, q.status) : undefined,
    q.advertiserId?.length ? inArray(offerAdvertisers.advertiserId, q.advertiserId) : undefined,
    q.search
      ? or(
          ilike(advertisers.title, contains(q.search)),
          ilike(integrations.title, contains(q.search)),
          sql`${advertisers.id}::text = ${q.search}`,
        )
      : undefined,
  );
  const rows = await select(ctx)
    .where(where)
    .orderBy(asc(offerAdvertisers.lowPriority), sql`${offerAdvertisers.weight} desc`, asc(offerAdvertisers.id))
    .limit(q.limit)
    .offset(q.offset);
  const items = rows.map(toView);
  if (!q.withMeta) return { items };
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(offerAdvertisers)
    .innerJoin(advertisers, eq(advertisers.id, offerAdvertisers.advertiserId))
    .innerJoin(integrations, eq(integrations.id, offerAdvertisers.integrationId))
    .where(where);
  return { items, meta: { totalCount: n } };
}

async function byIds(ctx: Ctx, ids: number[]) {
  return reloadByIds(ids, async (unique) => (await select(ctx).where(inArray(offerAdvertisers.id, unique))).map((r) => toView(r)));
}

/** PUT /offer-advertisers */
export async function create(ctx: Ctx, items: z.infer<typeof offerAdvertiserCreate>[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const offerRows = await tx
      .select({ id: offers.id, verticalId: offers.verticalId })
      .from(offers)
      .where(
        inArray(
          offers.id,
          items.map((x) => x.offerId),
        ),
      )
      .for('update');
    const offerById = new Map(offerRows.map((o) => [o.id, o]));
    const integrationRows = await tx
      .select({
        id: integrations.id,
        status: integrations.status,
        verticalId: integrations.verticalId,
        advertiserId: advertisers.id,
        advertiserStatus: advertisers.status,
        advertiserVertical: advertisers.verticalId,
      })
      .from(integrations)
      .innerJoin(advertisers, eq(advertisers.id, integrations.advertiserId))
      .where(
        inArray(
          integrations.id,
          items.map((x) => x.integrationId),
        ),
      );
    const integrationById = new Map(integrationRows.map((r) => [r.id, r]));
    const at = (i: number) => ['body', 'items', i];
    const errors: ApiErrorItem[] = [];
    const seen = new Set<string>();
    items.forEach((x, i) => {
      const offer = offerById.get(x.offerId);
      const integration = integrationById.get(x.integrationId);
      if (!offer) errors.push({ msg: 'required', type: 'exists', loc: [...at(i), 'offerId'] });
      if (!integration) errors.push({ msg: 'required', type: 'exists', loc: [...at(i), 'integrationId'] });
      else if (integration.status !== 'active' || integration.advertiserStatus !== 'active')
        errors.push({ msg: 'required', type: 'activeIntegration', loc: [...at(i), 'integrationId'] });
      else if (
        offer &&
        (integration.verticalId !== offer.verticalId ||
          (integration.advertiserVertical !== null && integration.advertiserVertical !== offer.verticalId))
      )
        errors.push({ msg: 'match', type: 'verticalOfOffer', loc: [...at(i), 'integrationId'] });
      const key = `${x.offerId}:${x.integrationId}`;
      if (seen.has(key)) errors.push({ msg: 'unique', type: 'unique', loc: [...at(i), 'integrationId'] });
      seen.add(key);
    });
    for (const [offerId] of offerById) {
      const mine = items.map((x, i) => [x, i] as const).filter(([x]) => x.offerId === offerId);
      const found = await sieveErrors(
        c,
        offerId,
        mine.map(([x]) => x.sieve),
        (k) => at(mine[k][1]),
      );
      errors.push(...found);
    }
    if (errors.length)
      throw new AppError('VALIDATION', errors.some((e) => e.msg === 'unique') ? DUPLICATE_TARGET : 'Validation failed', errors);
    const created: number[] = [];
    for (const [i, x] of items.entries()) {
      const [row] = await uniqueGuard([...at(i), 'integrationId'], DUPLICATE_TARGET, () =>
        tx
          .insert(offerAdvertisers)
          .values({
            offerId: x.offerId,
            integrationId: x.integrationId,
            advertiserId: integrationById.get(x.integrationId)!.advertiserId,
            sieve: sieveFor('advertisers', x.sieve),
            weight: x.weight,
            lowPriority: x.lowPriority,
            status: x.status,
            createdAt: ctx.now(),
          })
          .returning({ id: offerAdvertisers.id }),
      );
      created.push(row.id);
    }
    await recordAudits(
      c,
      items.map((x, i) => ({ entity: 'offer_advertiser', entityId: created[i], action: 'create', changes: x })),
    );
    return created;
  });
  return byIds(ctx, ids);
}

/** activating targets needs their integration and advertiser active */
async function refuseInactiveSources(ctx: Ctx, rows: Row[]) {
  if (!rows.length) return;
  const bad = await ctx.db
    .select({ id: integrations.id })
    .from(integrations)
    .innerJoin(advertisers, eq(advertisers.id, integrations.advertiserId))
    .where(
      and(
        inArray(
          integrations.id,
          rows.map((r) => r.integrationId),
        ),
        or(ne(integrations.status, 'active'), ne(advertisers.status, 'active')),
      ),
    );
  if (bad.length) throw AppError.conflict(TARGET_NOT_ACTIVATABLE);
}

/** PATCH /offer-advertisers: sieve, weight, priority, status (the integration is not changed: add another target) */
export async function update(ctx: Ctx, items: z.infer<typeof offerAdvertiserUpdate>[]) {
  const ids = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(
      c,
      offerAdvertisers,
      offerAdvertisers.id,
      items.map((x) => x.id),
      'Advertiser target',
    );
    const errors: ApiErrorItem[] = [];
    for (const [i, x] of items.entries()) {
      if (x.sieve) errors.push(...(await sieveErrors(c, current.get(x.id)!.offerId, [x.sieve], () => ['body', 'items', i])));
    }
    if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
    await refuseInactiveSources(
      c,
      items.filter((x) => x.status === 'active' && current.get(x.id)!.status !== 'active').map((x) => current.get(x.id)!),
    );
    const audits: AuditEntry[] = [];
    for (const { id, sieve, ...patch } of items) {
      const changes = diffFields(current.get(id)!, { ...patch, sieve: sieve ? sieveFor('advertisers', sieve) : undefined });
      if (!changes) continue;
      await tx.update(offerAdvertisers).set(changes.after).where(eq(offerAdvertisers.id, id));
      audits.push({ entity: 'offer_advertiser', entityId: id, action: 'update', changes });
    }
    await recordAudits(c, audits);
    return items.map((x) => x.id);
  });
  return byIds(ctx, ids);
}

/** POST /offer-advertisers/change_status */
export async function changeStatus(ctx: Ctx, items: { id: number; status: OfferLinkStatus }[]) {
  return update(ctx, items);
}

/**
 * DELETE /offer-advertisers {data:[ids]}: all or nothing. Refused (409) when it would remove an advertiser from an
 * offer (no other target of that advertiser stays) while active landers of the offer are assigned to it.
 */
export async function remove(ctx: Ctx, ids: number[]) {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await lockById<Row>(c, offerAdvertisers, offerAdvertisers.id, ids, 'Advertiser target');
    const rows = [...current.values()];
    const pairs = [...new Map(rows.map((r) => [`${r.offerId}:${r.advertiserId}`, r])).values()];
    for (const { offerId, advertiserId } of pairs) {
      const [remaining] = await tx
        .select({ n: count() })
        .from(offerAdvertisers)
        .where(
          and(eq(offerAdvertisers.offerId, offerId), eq(offerAdvertisers.advertiserId, advertiserId), notInArray(offerAdvertisers.id, ids)),
        );
      if (remaining.n > 0) continue;
      // the advertiser's landers on the offer stay locked until the delete commits, so none is activated meanwhile
      const assigned = await tx
        .select({ status: landers.status })
        .from(landers)
        .where(and(eq(landers.offerId, offerId), eq(landers.advertiserId, advertiserId)))
        .for('update');
      if (assigned.some((l) => l.status === 'active')) throw AppError.conflict(ADVERTISER_REMOVAL_GUARD);
    }
    await tx.delete(offerAdvertisers).where(inArray(offerAdvertisers.id, ids));
    await recordAudits(
      c,
      rows.map((r) => ({
        entity: 'offer_advertiser',
        entityId: r.id,
        action: 'delete',
        changes: { offerId: r.offerId, advertiserId: r.advertiserId, integrationId: r.integrationId },
      })),
    );
    return rows.map((r) => r.id);
  });
}
