import {
  VERTICAL_SECTION_NAMES,
  VERTICAL_SECTIONS,
  verticalCreate,
  verticalRefSchema,
  verticalSchema,
  verticalUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './verticals.service';
import { named } from '../../../http/route-kit';
import { catalogueRoutes } from '../cascade-routes';

export default async function verticalsRoutes(fastify: FastifyInstance) {
  // the pickers are the advertiser, template and offer forms'; a deactivation's popup counts the advertisers it stops
  const kit = catalogueRoutes(
    fastify,
    named('verticals', 'Vertical', verticalSchema, 'vertical.read', 'vertical.update'),
    { create: verticalCreate, update: verticalUpdate, ref: verticalRefSchema },
    service,
  );

  kit.sections(VERTICAL_SECTION_NAMES, VERTICAL_SECTIONS, service.editSection);
}
