import {
  dataOf,
  envelope,
  idParams,
  INTEGRATION_SECTION_NAMES,
  INTEGRATION_SECTIONS,
  integrationTemplateCreate,
  integrationTemplateListQuery,
  integrationTemplateRefSchema,
  integrationTemplateSchema,
  integrationTemplateUpdate,
  itemsOf,
  listOf,
  sellSideLookupQuery,
  sellSideStatusItem,
  templatesForIntegrationQuery,
  zId,
  zTitle,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './integration-templates.service';
import { counted } from '../../../lib/plural';

const READ = 'front.settings.integration_templates.read';
const WRITE = service.WRITE;

export default async function integrationTemplatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['integration-templates'];
  const answer = { 200: envelope(listOf(integrationTemplateSchema)) };
  const refs = { 200: envelope(listOf(integrationTemplateRefSchema)) };
  const url = '/integration-templates';

  app.get(
    url,
    { config: { permission: READ }, schema: { tags, querystring: integrationTemplateListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  /** filters by title or id */
  app.get(
    `${url}/filters`,
    { config: { permission: [READ, 'advertiser.update'] }, schema: { tags, querystring: sellSideLookupQuery, response: refs } },
    async (req) => ({
      data: await service.lookup(req.ctx, req.query),
    }),
  );

  /** the templates to create an integration from: active ones of a platform and vertical */
  app.get(
    `${url}/for-integration`,
    {
      config: { permission: [READ, 'advertiser.update'] },
      schema: { tags, querystring: sellSideLookupQuery.extend(templatesForIntegrationQuery.shape), response: refs },
    },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );

  app.get(`${url}/:id`, { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    url,
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(integrationTemplateCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Template created', 'templates created') };
    },
  );

  app.patch(
    url,
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(integrationTemplateUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Template saved', 'templates saved') };
    },
  );

  app.post(
    `${url}/change_status`,
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(sellSideStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Template status changed', 'templates changed status') };
    },
  );

  app.post(
    `${url}/clone`,
    {
      config: { permission: WRITE },
      schema: { tags, body: itemsOf(z.object({ id: zId(), title: zTitle().optional() })), response: answer },
    },
    async (req) => {
      const items = await service.clone(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Template cloned', 'templates cloned') };
    },
  );

  for (const section of INTEGRATION_SECTION_NAMES) {
    app.post(
      `${url}/:id/edit_${section}`,
      {
        config: { permission: WRITE },
        schema: { tags, params: idParams, body: dataOf(INTEGRATION_SECTIONS[section].schema), response: answer },
      },
      async (req) => ({
        data: { items: [await service.editSection(req.ctx, req.params.id, section, req.body.data)] },
        message: 'Template saved',
      }),
    );
  }
}
