/**
 * The cascades of product §4, each run inside the caller's transaction and answering what it stopped:
 * deactivating a vertical stops its advertisers, a platform its integrations, an integration its offers.
 * The previews answer the same counts without writing, for the confirmation popup.
 */
import type { CascadePreview } from '@leadgrid/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { advertisers, integrations, offerAdvertisers, offers } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { recordAudits } from '../../../lib/audit';

/**
 * The running offers an integration deactivation stops: active offers whose every active advertiser target goes
 * through the given integrations (with those targets gone, nothing is left to receive their leads). An offer that
 * keeps an active target through another integration keeps running.
 */
async function runningOffersOf(ctx: Ctx, integrationIds: number[]): Promise<number[]> {
  if (!integrationIds.length) return [];
  const rows = await ctx.db
    .selectDistinct({ id: offers.id })
    .from(offers)
    .innerJoin(offerAdvertisers, eq(offerAdvertisers.offerId, offers.id))
    .where(
      and(
        eq(offers.status, 'active'),
        eq(offerAdvertisers.status, 'active'),
        inArray(offerAdvertisers.integrationId, integrationIds),
        sql`not exists (select 1 from ${offerAdvertisers} other where other.offer_id = ${offers.id} and other.status = 'active' and other.integration_id not in (${sql.join(
          integrationIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Stops the offers connected through the integrations: their active advertiser targets through those integrations
 * become inactive, and the running offers left without any active target become inactive (runningOffersOf). Answers
 * how many offers were stopped. Reactivating the integration restores neither: an operator re-enables on purpose.
 */
export async function stopOffersOfIntegrations(ctx: Ctx, integrationIds: number[]): Promise<number> {
  if (!integrationIds.length) return 0;
  const offerIds = await runningOffersOf(ctx, integrationIds);
  const targets = await ctx.db
    .update(offerAdvertisers)
    .set({ status: 'inactive' })
    .where(and(inArray(offerAdvertisers.integrationId, integrationIds), eq(offerAdvertisers.status, 'active')))
    .returning({ id: offerAdvertisers.id });
  if (offerIds.length)
    await ctx.db
      .update(offers)
      .set({ status: 'inactive', statusChangedAt: ctx.now(), updatedAt: ctx.now() })
      .where(inArray(offers.id, offerIds));
  await recordAudits(ctx, [
    ...targets.map((t) => ({
      entity: 'offer_advertiser',
      entityId: t.id,
      action: 'change_status',
      changes: { before: { status: 'active' }, after: { status: 'inactive' }, cause: 'integration' },
    })),
    ...offerIds.map((id) => ({
      entity: 'offer',
      entityId: id,
      action: 'change_status',
      changes: { before: { status: 'active' }, after: { status: 'inactive' }, cause: 'integration' },
    })),
  ]);
  return offerIds.length;
}

/** Deactivates the active integrations of the platforms, and their offers. */
export async function stopIntegrationsOfPlatforms(ctx: Ctx, platformIds: number[]): Promise<{ integrations: number; offers: number }> {
  if (!platformIds.length) return { integrations: 0, offers: 0 };
  const stopped = await ctx.db
    .update(integrations)
    .set({ status: 'inactive', statusChangedAt: ctx.now() })
    .where(and(inArray(integrations.platformId, platformIds), eq(integrations.status, 'active')))
    .returning({ id: integrations.id });
  const ids = stopped.map((x) => x.id);
  await recordAudits(
    ctx,
    ids.map((id) => ({
      entity: 'integration',
      entityId: id,
      action: 'change_status',
      changes: { before: { status: 'active' }, after: { status: 'inactive' }, cause: 'platform' },
    })),
  );
  return { integrations: ids.length, offers: await stopOffersOfIntegrations(ctx, ids) };
}

/** Blocks the active advertisers of the verticals (advertisers are active or blocked: "stopped" is blocked, with the reason). */
export async function stopAdvertisersOfVerticals(ctx: Ctx, verticalIds: number[], reason: string): Promise<number> {
  if (!verticalIds.length) return 0;
  const stopped = await ctx.db
    .update(advertisers)
    .set({ status: 'blocked', blockReason: reason, statusChangedAt: ctx.now(), statusChangedBy: ctx.actor?.id ?? null })
    .where(and(inArray(advertisers.verticalId, verticalIds), eq(advertisers.status, 'active')))
    .returning({ id: advertisers.id });
  await recordAudits(
    ctx,
    stopped.map((x) => ({
      entity: 'advertiser',
      entityId: x.id,
      action: 'change_block',
      changes: { before: { status: 'active' }, after: { status: 'blocked', blockReason: reason }, cause: 'vertical' },
    })),
  );
  return stopped.length;
}

export async function previewVerticals(ctx: Ctx, verticalIds: number[]): Promise<CascadePreview> {
  const rows = await ctx.db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(and(inArray(advertisers.verticalId, verticalIds), eq(advertisers.status, 'active')));
  return { advertisers: rows.length, integrations: 0, offers: 0 };
}

export async function previewPlatforms(ctx: Ctx, platformIds: number[]): Promise<CascadePreview> {
  const rows = await ctx.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(inArray(integrations.platformId, platformIds), eq(integrations.status, 'active')));
  const ids = rows.map((r) => r.id);
  return { advertisers: 0, integrations: ids.length, offers: (await runningOffersOf(ctx, ids)).length };
}

export async function previewIntegrations(ctx: Ctx, integrationIds: number[]): Promise<CascadePreview> {
  const rows = await ctx.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(inArray(integrations.id, integrationIds), eq(integrations.status, 'active')));
  return {
    advertisers: 0,
    integrations: 0,
    offers: (
      await runningOffersOf(
        ctx,
        rows.map((r) => r.id),
      )
    ).length,
  };
}

/** "this will also stop N advertisers, M integrations and K offers" */
export function describeCascade(c: Partial<CascadePreview>): string {
  const parts = (['advertisers', 'integrations', 'offers'] as const)
    .filter((k) => c[k] !== undefined)
    .map((k) => `${c[k]} ${c[k] === 1 ? k.slice(0, -1) : k}`);
  return parts.length ? `; stopped ${parts.join(', ')}` : '';
}
