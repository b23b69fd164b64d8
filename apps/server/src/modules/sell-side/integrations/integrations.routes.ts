import {
  apiSyncRunSchema,
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
  listOf,
  sellSideLookupQuery,
  sellSideStatusItem,
  testSendBody,
  testSendResultSchema,
  zId,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import { applyApiSyncStatuses } from './api-sync.jobs';
import * as service from './integrations.service';
import { routeKit } from '../../../http/route-kit';
import { cascadePreviewRoute, cascadeSaid } from '../cascade-routes';

export default async function integrationsRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/integrations',
    tags: ['integrations'],
    /** integrations are pages of the advertiser: they share its permissions */
    read: 'front.menu.advertisers.read',
    write: service.WRITE,
    row: integrationSchema,
    one: 'Integration',
    many: 'integrations',
  });
  const { app, url, tags, read, write } = kit;

  kit.list(integrationListQuery, service.list);

  /** filters by title or id; with advertiserId, the integrations for assigning that advertiser to an offer */
  app.get(
    `${url}/filters`,
    {
      config: read,
      schema: {
        tags,
        querystring: sellSideLookupQuery.extend({ advertiserId: zId().optional() }),
        response: { 200: envelope(listOf(integrationRefSchema)) },
      },
    },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );

  cascadePreviewRoute(kit, service.cascadePreview);

  kit.get(service.get);

  kit.items('PUT', '', integrationCreate, service.create, 'created');
  kit.items('PATCH', '', integrationUpdate, service.update, 'saved');
  kit.items('POST', '/change_status', sellSideStatusItem, service.changeStatus, cascadeSaid(kit));
  kit.items('POST', '/clone', integrationCloneItem, service.clone, 'cloned');
  kit.sections(INTEGRATION_SECTION_NAMES, INTEGRATION_SECTIONS, service.editSection);

  app.post(
    `${url}/:id/test_send`,
    {
      config: write,
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
    { config: write, schema: { tags, params: idParams, response: { 200: envelope(apiSyncRunSchema) } } },
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
