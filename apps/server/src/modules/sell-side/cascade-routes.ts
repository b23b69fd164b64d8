/**
 * What platforms, verticals and integrations declare alike: a deactivation's cascade (its preview, and the message
 * of a status change that says what it also stopped).
 */
import { cascadePreviewQuery, cascadePreviewSchema, envelope, type CascadePreview } from '@leadgrid/shared';
import type { Ctx } from '../../http/context';
import type { RouteKit } from '../../http/route-kit';
import { describeCascade } from './integrations/cascades';

/** GET url/cascade-preview: the confirmation of a deactivation, what it also stops; for the writers */
export function cascadePreviewRoute(kit: RouteKit, preview: (ctx: Ctx, ids: number[]) => Promise<CascadePreview>) {
  const { app, url, tags } = kit;
  app.get(
    `${url}/cascade-preview`,
    { config: kit.write, schema: { tags, querystring: cascadePreviewQuery, response: { 200: envelope(cascadePreviewSchema) } } },
    async (req) => ({ data: await preview(req.ctx, req.query.ids) }),
  );
}

/** the message of a status change; a deactivation adds what it also stopped */
export const cascadeSaid = (kit: RouteKit) => (body: { status: string }[], result: { items: unknown[] } & Partial<CascadePreview>) =>
  `${kit.count(result.items.length, kit.statusChanged)}${body.some((x) => x.status === 'inactive') ? describeCascade(result) : ''}`;
