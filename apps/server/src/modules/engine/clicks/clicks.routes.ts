/**
 * Clicks: `GET /clicks/valid` and `/clicks/invalid` (status 1 and 2), `GET /clicks/filters` (dependent filters),
 * `GET /clicks/:id` and the staff edit `PATCH /clicks`. Scope and rules in clicks.service.ts.
 */
import {
  clickFiltersQuery,
  clickFiltersSchema,
  clickListQuery,
  clickListSchema,
  clickParams,
  clickSchema,
  clickUpdateBody,
  envelope,
  listOf,
  type ClickTab,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './clicks.service';
import { counted } from '../../../lib/plural';

const READ = ['click.read', 'click.assigned.read', 'click.own.read'];

export default async function clicksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['clicks'];

  for (const tab of ['valid', 'invalid'] as ClickTab[]) {
    app.get(
      `/clicks/${tab}`,
      {
        config: { permission: READ },
        schema: {
          tags,
          summary: `List ${tab} clicks`,
          description:
            'Bound by a creation period (from inclusive, to exclusive, seconds; default today in `timezone` or the user zone; at most 93 days). ' +
            'Affiliates read their own clicks without the target URL. `withMeta=1` counts up to 10,000 rows (`totalCapped` beyond).',
          querystring: clickListQuery,
          response: { 200: envelope(clickListSchema) },
        },
      },
      async (req) => ({ data: await service.list(req.ctx, tab, req.query) }),
    );
  }

  app.get(
    '/clicks/filters',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Dependent filters of the clicks lists',
        querystring: clickFiltersQuery,
        response: { 200: envelope(clickFiltersSchema) },
      },
    },
    async (req) => ({ data: await service.filters(req.ctx, req.query) }),
  );

  app.get(
    '/clicks/:id',
    {
      config: { permission: READ },
      schema: { tags, summary: 'One click', params: clickParams, response: { 200: envelope(listOf(clickSchema)) } },
    },
    async (req) => ({ data: { items: [await service.get(req.ctx, req.params.id)] } }),
  );

  app.patch(
    '/clicks',
    {
      config: { permission: 'click.update' },
      schema: {
        tags,
        summary: 'Edit clicks: status (invalid with a reason) and subs',
        body: clickUpdateBody,
        response: { 200: envelope(listOf(clickSchema)) },
      },
    },
    async (req) => {
      const data = await service.update(req.ctx, req.body.items);
      return { data, message: counted(data.items.length, 'Click updated', 'clicks updated') };
    },
  );
}
