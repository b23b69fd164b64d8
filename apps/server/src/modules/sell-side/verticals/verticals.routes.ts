import {
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
import * as service from './verticals.service';
import { routeKit } from '../../../http/route-kit';
import { cascadePreviewRoute, cascadeSaid } from '../cascade-routes';

export default async function verticalsRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/verticals',
    tags: ['verticals'],
    read: 'vertical.read',
    write: 'vertical.update',
    row: verticalSchema,
    one: 'Vertical',
    many: 'verticals',
  });

  kit.crud({ query: sellSideListQuery, create: verticalCreate, update: verticalUpdate, status: sellSideStatusItem }, service, {
    reads: () => {
      /** pickers (advertiser, template and offer forms): any signed-in staff member */
      kit.active(sellSideLookupQuery, verticalRefSchema, service.active);
      /** the confirmation popup of a deactivation: how many advertisers it also stops */
      cascadePreviewRoute(kit, service.cascadePreview);
    },
    status: cascadeSaid(kit),
  });

  kit.sections(VERTICAL_SECTION_NAMES, VERTICAL_SECTIONS, service.editSection);
}
