import {
  campaignCloneItem,
  campaignCreate,
  campaignLeadEditingSchema,
  campaignListQuery,
  campaignLookupQuery,
  campaignRefSchema,
  campaignSchema,
  campaignStatusItem,
  campaignTestLinkBody,
  campaignTestLinkSchema,
  campaignUpdate,
  envelope,
  idParams,
  itemsOf,
  listOf,
  targetUrlOptionsSchema,
} from '@leadgrid/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './campaigns.service';

const READ = 'front.menu.campaigns.read';
const WRITE = service.WRITE;

export default async function campaignsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, testLinks } = app.services;
  /** the main host of tracking links: PUBLIC_URL, else the host this request reached */
  const mainUrl = (req: FastifyRequest) => config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
  const tags = ['campaigns'];
  const answer = { 200: envelope(listOf(campaignSchema)) };

  app.get(
    '/campaigns',
    { config: { permission: READ }, schema: { tags, querystring: campaignListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query, mainUrl(req)),
    }),
  );

  /** campaign pickers of filters: active ones, every status with `anyStatus=1` */
  app.get(
    '/campaigns/filters',
    {
      config: { permission: READ },
      schema: { tags, querystring: campaignLookupQuery, response: { 200: envelope(listOf(campaignRefSchema)) } },
    },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );

  app.get(
    '/campaigns/for-lead-editing',
    {
      config: { permission: READ },
      schema: { tags, querystring: campaignLookupQuery, response: { 200: envelope(listOf(campaignLeadEditingSchema)) } },
    },
    async (req) => ({ data: await service.forLeadEditing(req.ctx, req.query) }),
  );

  app.get(
    '/campaigns/target-url-settings',
    { config: { permission: READ }, schema: { tags, response: { 200: envelope(targetUrlOptionsSchema) } } },
    async (req) => ({ data: service.targetUrlOptions(req.ctx) }),
  );

  app.get('/campaigns/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id, mainUrl(req))] },
  }));

  app.put(
    '/campaigns',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(campaignCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items, mainUrl(req));
      return { data: { items }, message: service.messages.created(items.length) };
    },
  );

  app.patch(
    '/campaigns',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(campaignUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items, mainUrl(req));
      return { data: { items }, message: service.messages.saved(items.length) };
    },
  );

  app.post(
    '/campaigns/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(campaignStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items, mainUrl(req));
      return { data: { items }, message: service.messages.status(req.body.items) };
    },
  );

  app.post(
    '/campaigns/:id/test-link',
    {
      config: { permission: WRITE },
      schema: {
        tags,
        summary: 'A test link of the campaign (staff): no geo nor bot check, marked as a test, not counted in statistics',
        params: idParams,
        body: campaignTestLinkBody,
        response: { 200: envelope(campaignTestLinkSchema) },
      },
    },
    async (req) => ({ data: await service.testLink(req.ctx, req.params.id, req.body.subs ?? {}, mainUrl(req), testLinks) }),
  );

  app.post(
    '/campaigns/clone',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(campaignCloneItem), response: answer } },
    async (req) => {
      const items = await service.clone(req.ctx, req.body.items, mainUrl(req));
      return { data: { items }, message: service.messages.cloned(items.length) };
    },
  );
}
