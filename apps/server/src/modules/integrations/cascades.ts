/**
 * The cascades of spec §4, each run inside the caller's transaction and answering what it stopped:
 * deactivating a vertical stops its advertisers, a platform its integrations, an integration its offers.
 * The previews answer the same counts without writing, for the confirmation popup.
 */
import type { CascadePreview } from '@leadgrid/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { advertisers, integrations } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { recordAudits } from '../../lib/audit';

/**
 * Offers connected through the given integrations that are still running. Offers arrive with the offers issue, which
 * joins its offer-integration link here; until that table exists no offer can be connected through an integration.
 */
async function runningOffersOf(_ctx: Ctx, integrationIds: number[]): Promise<number[]> {
  if (!integrationIds.length) return [];
  return [];
}

/** Stops (deactivates) the offers connected through the integrations; answers how many. */
export async function stopOffersOfIntegrations(ctx: Ctx, integrationIds: number[]): Promise<number> {
  const offerIds = await runningOffersOf(ctx, integrationIds);
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
