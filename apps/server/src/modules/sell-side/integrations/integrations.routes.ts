import {
  apiSyncRunSchema,
  cascadePreviewQuery,
  cascadePreviewSchema,
  dataOf,
  envelope,
  idParams,
  INTEGRATION_SECTION_NAMES,
  INTEGRATION_SECTIONS,
  integrationCloneItem,
  integrationCreate,
  integrationListQuery,
  integrationRefSchema,
  integrationSchema,
  integrationUpdate,
  itemsOf,
  listOf,
  sellSideLookupQuery,
  sellSideStatusItem,
  testSendBody,
  testSendResultSchema,
  zId,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { applyApiSyncStatuses } from './api-sync.jobs';
import { describeCascade } from './cascades';
import * as service from './integrations.service';
import { counted } from '../../../lib/plural';

/** integrations are pages of the advertiser: they share its permissions */
const READ = 'front.menu.advertisers.read';
const WRITE = service.WRITE;

export default async function integrationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['integrations'];
  const answer = { 200: envelope(listOf(integrationSchema)) };
  const url = '/integrations';

  app.get(url, { config: { permission: READ }, schema: { tags, querystring: integrationListQuery, response: answer } }, async (req) => ({
    data: await service.list(req.ctx, req.query),
  }));

  /** filters by title or id; with advertiserId, the integrations for assigning that advertiser to an offer */
  app.get(
    `${url}/filters`,
    {
      config: { permission: READ },
      schema: {
        tags,
        querystring: sellSideLookupQuery.extend({ advertiserId: zId().optional() }),
        response: { 200: envelope(listOf(integrationRefSchema)) },
      },
    },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );

  app.get(
    `${url}/cascade-preview`,
    {
      config: { permission: WRITE },
      schema: { tags, querystring: cascadePreviewQuery, response: { 200: envelope(cascadePreviewSchema) } },
    },
    async (req) => ({
      data: await service.cascadePreview(req.ctx, req.query.ids),
    }),
  );

  app.get(`${url}/:id`, { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(url, { config: { permission: WRITE }, schema: { tags, body: itemsOf(integrationCreate), response: answer } }, async (req) => {
    const items = await service.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Integration created', 'integrations created') };
  });

  app.patch(url, { config: { permission: WRITE }, schema: { tags, body: itemsOf(integrationUpdate), response: answer } }, async (req) => {
    const items = await service.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Integration saved', 'integrations saved') };
  });

  app.post(
    `${url}/change_status`,
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(sellSideStatusItem), response: answer } },
    async (req) => {
      const { items, offers } = await service.changeStatus(req.ctx, req.body.items);
      const cascade = req.body.items.some((x) => x.status === 'inactive') ? describeCascade({ offers }) : '';
      return {
        data: { items },
        message: `${counted(items.length, 'Integration status changed', 'integrations changed status')}${cascade}`,
      };
    },
  );

  app.post(
    `${url}/clone`,
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(integrationCloneItem), response: answer } },
    async (req) => {
      const items = await service.clone(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Integration cloned', 'integrations cloned') };
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
        message: 'Integration saved',
      }),
    );
  }

  app.post(
    `${url}/:id/test_send`,
    {
      config: { permission: WRITE },
      schema: { tags, params: idParams, body: testSendBody, response: { 200: envelope(testSendResultSchema) } },
    },
    async (req) => {
      const data = await service.testSend(req.ctx, req.params.id, req.body.data.lead);
      return { data, message: data.result.success ? 'The test lead was accepted' : 'The test lead was not accepted' };
    },
  );

  /** the scheduler's api_sync call: poll the advertiser's status API now */
  app.post(
    `${url}/:id/api_sync`,
    { config: { permission: WRITE }, schema: { tags, params: idParams, response: { 200: envelope(apiSyncRunSchema) } } },
    async (req) => {
      const data = await service.runApiSync(req.ctx, req.params.id);
      // the polled statuses are applied to the leads like inbound postbacks
      if (!data.error) await applyApiSyncStatuses(req.ctx, req.server.services.queue, req.params.id, data);
      return {
        data,
        message: data.error ? `The API sync failed: ${data.error}` : `The API sync read ${data.statuses.length} lead statuses`,
      };
    },
  );
}
