import {
  cascadePreviewQuery,
  cascadePreviewSchema,
  dataOf,
  envelope,
  idParams,
  itemsOf,
  listOf,
  sellSideListQuery,
  sellSideLookupQuery,
  sellSideStatusItem,
  VERTICAL_SECTION_NAMES,
  VERTICAL_SECTIONS,
  verticalCreate,
  verticalRefSchema,
  verticalSchema,
  verticalUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeCascade } from '../integrations/cascades';
import * as service from './verticals.service';
import { counted } from '../../../lib/plural';

const READ = 'vertical.read';
const WRITE = 'vertical.update';

export default async function verticalsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['verticals'];
  const answer = { 200: envelope(listOf(verticalSchema)) };

  app.get(
    '/verticals',
    { config: { permission: READ }, schema: { tags, querystring: sellSideListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  /** pickers (advertiser, template and offer forms): any signed-in staff member */
  app.get(
    '/verticals/active',
    {
      config: { authenticated: true },
      schema: { tags, querystring: sellSideLookupQuery, response: { 200: envelope(listOf(verticalRefSchema)) } },
    },
    async (req) => ({
      data: await service.active(req.ctx, req.query),
    }),
  );

  /** the confirmation popup of a deactivation: how many advertisers it also stops */
  app.get(
    '/verticals/cascade-preview',
    {
      config: { permission: WRITE },
      schema: { tags, querystring: cascadePreviewQuery, response: { 200: envelope(cascadePreviewSchema) } },
    },
    async (req) => ({
      data: await service.cascadePreview(req.ctx, req.query.ids),
    }),
  );

  app.get('/verticals/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/verticals',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(verticalCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Vertical created', 'verticals created') };
    },
  );

  app.patch(
    '/verticals',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(verticalUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Vertical saved', 'verticals saved') };
    },
  );

  app.post(
    '/verticals/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(sellSideStatusItem), response: answer } },
    async (req) => {
      const { items, advertisers } = await service.changeStatus(req.ctx, req.body.items);
      const cascade = req.body.items.some((x) => x.status === 'inactive') ? describeCascade({ advertisers }) : '';
      return { data: { items }, message: `${counted(items.length, 'Vertical status changed', 'verticals changed status')}${cascade}` };
    },
  );

  for (const section of VERTICAL_SECTION_NAMES) {
    app.post(
      `/verticals/:id/edit_${section}`,
      {
        config: { permission: WRITE },
        schema: { tags, params: idParams, body: dataOf(VERTICAL_SECTIONS[section].schema), response: answer },
      },
      async (req) => ({
        data: { items: [await service.editSection(req.ctx, req.params.id, section, req.body.data)] },
        message: 'Vertical saved',
      }),
    );
  }
}
