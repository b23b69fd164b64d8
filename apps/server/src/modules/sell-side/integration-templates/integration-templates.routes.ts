import {
  envelope,
  INTEGRATION_SECTION_NAMES,
  INTEGRATION_SECTIONS,
  integrationTemplateCreate,
  integrationTemplateListQuery,
  integrationTemplateRefSchema,
  integrationTemplateSchema,
  integrationTemplateUpdate,
  listOf,
  sellSideLookupQuery,
  sellSideStatusItem,
  templatesForIntegrationQuery,
  zId,
  zTitle,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as service from './integration-templates.service';
import { routeKit } from '../../../http/route-kit';

const READ = 'front.settings.integration_templates.read';

export default async function integrationTemplatesRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/integration-templates',
    tags: ['integration-templates'],
    read: READ,
    write: service.WRITE,
    row: integrationTemplateSchema,
    one: 'Template',
    many: 'templates',
  });
  const { app, url, tags } = kit;
  const refs = { 200: envelope(listOf(integrationTemplateRefSchema)) };
  const pickers = { permission: [READ, 'advertiser.update'] };

  kit.list(integrationTemplateListQuery, service.list);

  /** filters by title or id */
  app.get(`${url}/filters`, { config: pickers, schema: { tags, querystring: sellSideLookupQuery, response: refs } }, async (req) => ({
    data: await service.lookup(req.ctx, req.query),
  }));

  /** the templates to create an integration from: active ones of a platform and vertical */
  app.get(
    `${url}/for-integration`,
    { config: pickers, schema: { tags, querystring: sellSideLookupQuery.extend(templatesForIntegrationQuery.shape), response: refs } },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );

  kit.get(service.get);

  kit.items('PUT', '', integrationTemplateCreate, service.create, 'created');
  kit.items('PATCH', '', integrationTemplateUpdate, service.update, 'saved');
  kit.items('POST', '/change_status', sellSideStatusItem, service.changeStatus, kit.statusChanged);
  kit.items('POST', '/clone', z.object({ id: zId(), title: zTitle().optional() }), service.clone, 'cloned');
  kit.sections(INTEGRATION_SECTION_NAMES, INTEGRATION_SECTIONS, service.editSection);
}
