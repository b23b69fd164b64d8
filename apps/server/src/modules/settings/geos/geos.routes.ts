import {
  envelope,
  geoCreate,
  geoListQuery,
  geoRefSchema,
  geoSchema,
  geoStatusItem,
  geoUpdate,
  idParams,
  itemsOf,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './geos.service';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.geo.read';
const WRITE = 'geo.update';
/** active geos to pick from: geo readers, anyone who works with leads (the lead form) and hold-queue readers (a rule's geo) */
const LEAD_EDITING = [READ, 'front.menu.statistics.read', 'front.settings.hold_queue.read'] as const;

export default async function geosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['geos'];
  const answer = { 200: envelope(listOf(geoSchema)) };

  app.get('/geos', { config: { permission: READ }, schema: { tags, querystring: geoListQuery, response: answer } }, async (req) => ({
    data: await service.list(req.ctx, req.query),
  }));

  app.get(
    '/geos/for-lead-editing',
    { config: { permission: LEAD_EDITING }, schema: { tags, response: { 200: envelope(listOf(geoRefSchema)) } } },
    async (req) => ({
      data: await service.forLeadEditing(req.ctx),
    }),
  );

  app.get('/geos/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put('/geos', { config: { permission: WRITE }, schema: { tags, body: itemsOf(geoCreate), response: answer } }, async (req) => {
    const items = await service.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Geo created', 'geos created') };
  });

  app.patch('/geos', { config: { permission: WRITE }, schema: { tags, body: itemsOf(geoUpdate), response: answer } }, async (req) => {
    const items = await service.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Geo saved', 'geos saved') };
  });

  app.post(
    '/geos/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(geoStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      const deleted = items.every((g) => g.status === 'deleted');
      return {
        data: { items },
        message: deleted
          ? counted(items.length, 'Geo deleted', 'geos deleted')
          : counted(items.length, 'Geo status changed', 'geos changed status'),
      };
    },
  );
}
