import { envelope, geoCreate, geoListQuery, geoRefSchema, geoSchema, geoStatusItem, geoUpdate, listOf } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './geos.service';
import { routeKit } from '../../../http/route-kit';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.geo.read';
/** active geos to pick from: geo readers, anyone who works with leads (the lead form) and hold-queue readers (a rule's geo) */
const LEAD_EDITING = [READ, 'front.menu.statistics.read', 'front.settings.hold_queue.read'] as const;

export default async function geosRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/geos',
    tags: ['geos'],
    read: READ,
    write: 'geo.update',
    row: geoSchema,
    one: 'Geo',
    many: 'geos',
  });
  const { app, tags } = kit;

  kit.crud({ query: geoListQuery, create: geoCreate, update: geoUpdate, status: geoStatusItem }, service, {
    reads: () =>
      app.get(
        '/geos/for-lead-editing',
        { config: { permission: LEAD_EDITING }, schema: { tags, response: { 200: envelope(listOf(geoRefSchema)) } } },
        async (req) => ({
          data: await service.forLeadEditing(req.ctx),
        }),
      ),
    status: (_body, items) =>
      items.every((g) => g.status === 'deleted')
        ? counted(items.length, 'Geo deleted', 'geos deleted')
        : counted(items.length, 'Geo status changed', 'geos changed status'),
  });
}
