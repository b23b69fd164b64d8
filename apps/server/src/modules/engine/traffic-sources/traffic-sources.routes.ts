import {
  trafficSourceCreate,
  trafficSourceListQuery,
  trafficSourceLookupQuery,
  trafficSourceRefSchema,
  trafficSourceSchema,
  trafficSourceStatusItem,
  trafficSourceUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './traffic-sources.service';
import { routeKit } from '../../../http/route-kit';

export default async function trafficSourcesRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/traffic-sources',
    tags: ['traffic sources'],
    read: 'front.settings.lists.read',
    write: 'traffic_source.update',
    row: trafficSourceSchema,
    one: 'Traffic source',
    many: 'traffic sources',
  });

  const schemas = {
    query: trafficSourceListQuery,
    create: trafficSourceCreate,
    update: trafficSourceUpdate,
    status: trafficSourceStatusItem,
  };
  kit.crud(schemas, service, {
    /** loaded by the layout for every signed-in user (product §7), used by pickers, sieves and campaign forms */
    reads: () => kit.active(trafficSourceLookupQuery, trafficSourceRefSchema, service.active),
  });
}
