import {
  dataOf,
  envelope,
  idParams,
  landerApiCreate,
  landerApiLanguageCodesSchema,
  landerApiLanguagesSet,
  landerApiListQuery,
  landerApiLookupQuery,
  landerApiRefSchema,
  landerApiSchema,
  landerApiStatusItem,
  landerApiUpdate,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import * as service from './landers-api.service';
import { routeKit } from '../../../http/route-kit';

const { READ } = service;

export default async function landersApiRoutes(fastify: FastifyInstance) {
  const kit = routeKit(fastify, {
    url: '/landers-api',
    tags: ['landing API'],
    read: READ,
    write: service.WRITE,
    row: landerApiSchema,
    one: 'Landing page',
    many: 'landing pages',
  });
  const { app, tags, read, write, answer } = kit;

  kit.crud({ query: landerApiListQuery, create: landerApiCreate, update: landerApiUpdate, status: landerApiStatusItem }, service, {
    reads: () => {
      /** the distinct languages of the versions, for the list filter */
      app.get(
        '/landers-api/languages',
        { config: read, schema: { tags, response: { 200: envelope(landerApiLanguageCodesSchema) } } },
        async (req) => ({ data: await service.languages(req.ctx) }),
      );

      /** the lander form's picker: also for those who edit offers without the landing API menu */
      kit.picker('filters', landerApiLookupQuery, landerApiRefSchema, service.lookup, [READ, 'offer.update']);
    },
  });

  /** the full set of language versions (one per language) */
  app.post(
    '/landers-api/:id/edit_languages',
    { config: write, schema: { tags, params: idParams, body: dataOf(landerApiLanguagesSet), response: answer } },
    async (req) => ({
      data: { items: [await service.editLanguages(req.ctx, req.params.id, req.body.data)] },
      message: 'Language versions saved',
    }),
  );
}
