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

  kit.list(trafficSourceListQuery, service.list);

  /** loaded by the layout for every signed-in user (product §7), used by pickers, sieves and campaign forms */
  kit.active(trafficSourceLookupQuery, trafficSourceRefSchema, service.active);

  kit.get(service.get);

  kit.items('PUT', '', trafficSourceCreate, service.create, 'created');

  kit.items('PATCH', '', trafficSourceUpdate, service.update, 'saved');

  kit.items('POST', '/change_status', trafficSourceStatusItem, service.changeStatus, kit.statusChanged);
}
