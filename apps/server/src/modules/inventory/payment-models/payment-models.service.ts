/**
 * Payment models (CPL, CPA, CPC, CPS, RevShare ...): global ones (vertical null) seeded on first start, plus any a
 * vertical defines (`ensurePaymentModels` in ./payment-models.seed). Read by the offer form (pay methods), the cap form (`forCap`) and the payment-rule form.
 */
import { type PAYMENT_MODEL_STATUSES, type paymentModelListQuery } from '@leadgrid/shared';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { caps, offerPaymentModels, offers, paymentModels, verticals } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import { affiliateSeesOffer, isAffiliate } from '../offers';

type Status = (typeof PAYMENT_MODEL_STATUSES)[number];

const select = (ctx: Ctx) =>
  ctx.db
    .select({ model: paymentModels, vertical: { id: verticals.id, title: verticals.title } })
    .from(paymentModels)
    .leftJoin(verticals, eq(verticals.id, paymentModels.verticalId));
type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

/** global models first, then by code */
const ORDER = [asc(sql`${paymentModels.verticalId} is not null`), asc(sql`lower(${paymentModels.code})`), asc(paymentModels.id)];

async function toViews(ctx: Ctx, rows: Selected[]) {
  const ids = rows.map((r) => r.model.id);
  const counts = ids.length
    ? await ctx.db
        .select({ id: caps.paymentModelId, n: count() })
        .from(caps)
        .where(inArray(caps.paymentModelId, ids))
        .groupBy(caps.paymentModelId)
    : [];
  return rows.map(({ model: m, vertical }) => ({
    id: m.id,
    code: m.code,
    title: m.title,
    description: m.description,
    vertical: vertical?.id ? vertical : null,
    status: m.status as Status,
    capsCount: counts.find((c) => c.id === m.id)?.n ?? 0,
    createdAt: toSeconds(m.createdAt)!,
  }));
}

/** the global models plus those of `verticalId` (every vertical's when it is not given) */
export async function list(ctx: Ctx, q: z.infer<typeof paymentModelListQuery>) {
  const where = and(
    q.verticalId ? or(isNull(paymentModels.verticalId), eq(paymentModels.verticalId, q.verticalId)) : undefined,
    q.status?.length ? inArray(paymentModels.status, q.status) : undefined,
  );
  return {
    items: await toViews(
      ctx,
      await select(ctx)
        .where(where)
        .orderBy(...ORDER),
    ),
  };
}

export async function get(ctx: Ctx, id: number) {
  const rows = await select(ctx).where(eq(paymentModels.id, id)).limit(1);
  if (!rows.length) throw AppError.notFound('Payment model');
  return (await toViews(ctx, rows))[0];
}

/** What the cap form offers: the offer's pay methods, or every active model usable in its vertical when it has none. */
export async function forCap(ctx: Ctx, offerId: number) {
  const actor = requireActor(ctx);
  const [offer] = await ctx.db.select({ id: offers.id, verticalId: offers.verticalId }).from(offers).where(eq(offers.id, offerId));
  if (!offer || (isAffiliate(actor) && !(await affiliateSeesOffer(ctx, actor.id, offerId)))) throw AppError.notFound('Offer');
  const own = await select(ctx)
    .innerJoin(offerPaymentModels, eq(offerPaymentModels.paymentModelId, paymentModels.id))
    .where(eq(offerPaymentModels.offerId, offerId))
    .orderBy(...ORDER);
  if (own.length) return { items: await toViews(ctx, own) };
  const all = await select(ctx)
    .where(and(eq(paymentModels.status, 'active'), or(isNull(paymentModels.verticalId), eq(paymentModels.verticalId, offer.verticalId))))
    .orderBy(...ORDER);
  return { items: await toViews(ctx, all) };
}
