/**
 * What platforms, verticals and integrations declare alike: a deactivation's cascade (its preview, and the message
 * of a status change that says what it also stopped); and the routes of the sell-side catalogues (platforms,
 * verticals), alike but for their rows.
 */
import {
  cascadePreviewQuery,
  cascadePreviewSchema,
  envelope,
  sellSideListQuery,
  sellSideLookupQuery,
  sellSideStatusItem,
  type CascadePreview,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../../http/context';
import { routeKit, type CrudService, type RouteKit, type RouteKitSpec } from '../../http/route-kit';
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

/** what a sell-side catalogue's service answers to: the list's reads and writes, its pickers and its cascade preview */
type CatalogueService<Row, C, U> = CrudService<
  z.infer<typeof sellSideListQuery>,
  C,
  U,
  z.infer<typeof sellSideStatusItem>,
  Row[],
  Row[],
  { items: Row[] } & Partial<CascadePreview>
> & {
  active: (ctx: Ctx, query: z.infer<typeof sellSideLookupQuery>) => Promise<unknown>;
  cascadePreview: (ctx: Ctx, ids: number[]) => Promise<CascadePreview>;
};

/**
 * The routes of a sell-side catalogue: the plain list (`kit.crud`) with the active rows for pickers (any signed-in
 * user) and the confirmation popup of a deactivation (what it also stops), whose status message says so too.
 */
export function catalogueRoutes<Row extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  fastify: FastifyInstance,
  spec: RouteKitSpec<Row>,
  schemas: { create: C; update: U; ref: z.ZodType },
  service: CatalogueService<z.infer<Row>, z.infer<C>, z.infer<U>>,
) {
  const kit = routeKit(fastify, spec);
  kit.crud({ query: sellSideListQuery, create: schemas.create, update: schemas.update, status: sellSideStatusItem }, service, {
    reads: () => {
      kit.active(sellSideLookupQuery, schemas.ref, service.active);
      cascadePreviewRoute(kit, service.cascadePreview);
    },
    status: cascadeSaid(kit),
  });
  return kit;
}
