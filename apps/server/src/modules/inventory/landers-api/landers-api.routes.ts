import {
  dataOf,
  envelope,
  idParams,
  itemsOf,
  landerApiCreate,
  landerApiLanguageCodesSchema,
  landerApiLanguagesSet,
  landerApiListQuery,
  landerApiLookupQuery,
  landerApiRefSchema,
  landerApiSchema,
  landerApiStatusItem,
  landerApiUpdate,
  listOf,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './landers-api.service';
import { counted } from '../../../lib/plural';

const { READ, WRITE } = service;

export default async function landersApiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['landing API'];
  const answer = { 200: envelope(listOf(landerApiSchema)) };

  app.get(
    '/landers-api',
    { config: { permission: READ }, schema: { tags, querystring: landerApiListQuery, response: answer } },
    async (req) => ({
      data: await service.list(req.ctx, req.query),
    }),
  );

  /** the distinct languages of the versions, for the list filter */
  app.get(
    '/landers-api/languages',
    { config: { permission: READ }, schema: { tags, response: { 200: envelope(landerApiLanguageCodesSchema) } } },
    async (req) => ({ data: await service.languages(req.ctx) }),
  );

  /** the lander form's picker: also for those who edit offers without the landing API menu */
  app.get(
    '/landers-api/filters',
    {
      config: { permission: [READ, 'offer.update'] },
      schema: { tags, querystring: landerApiLookupQuery, response: { 200: envelope(listOf(landerApiRefSchema)) } },
    },
    async (req) => ({ data: await service.lookup(req.ctx, req.query) }),
  );

  app.get('/landers-api/:id', { config: { permission: READ }, schema: { tags, params: idParams, response: answer } }, async (req) => ({
    data: { items: [await service.get(req.ctx, req.params.id)] },
  }));

  app.put(
    '/landers-api',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(landerApiCreate), response: answer } },
    async (req) => {
      const items = await service.create(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Landing page created', 'landing pages created') };
    },
  );

  app.patch(
    '/landers-api',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(landerApiUpdate), response: answer } },
    async (req) => {
      const items = await service.update(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Landing page saved', 'landing pages saved') };
    },
  );

  app.post(
    '/landers-api/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(landerApiStatusItem), response: answer } },
    async (req) => {
      const items = await service.changeStatus(req.ctx, req.body.items);
      return { data: { items }, message: counted(items.length, 'Landing page status changed', 'landing pages changed status') };
    },
  );

  /** the full set of language versions (one per language) */
  app.post(
    '/landers-api/:id/edit_languages',
    { config: { permission: WRITE }, schema: { tags, params: idParams, body: dataOf(landerApiLanguagesSet), response: answer } },
    async (req) => ({
      data: { items: [await service.editLanguages(req.ctx, req.params.id, req.body.data)] },
      message: 'Language versions saved',
    }),
  );
}
