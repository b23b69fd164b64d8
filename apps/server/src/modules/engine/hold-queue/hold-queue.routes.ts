import { holdConfigCreate, holdConfigSchema, holdConfigUpdate, holdListQuery, holdStatusItem } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './hold-queue.service';
import { routeKit } from '../../../http/route-kit';

export default async function holdQueueRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/hold-queue',
    tags: ['hold queue'],
    read: 'front.settings.hold_queue.read',
    write: 'hold_queue.update',
    row: holdConfigSchema,
    one: 'Hold-queue rule',
    many: 'hold-queue rules',
  });

  kit.crud({ query: holdListQuery, create: holdConfigCreate, update: holdConfigUpdate, status: holdStatusItem }, service);
}
