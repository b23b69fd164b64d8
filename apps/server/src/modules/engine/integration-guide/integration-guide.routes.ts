/** `GET /integration-guide`: the affiliates' integration guide of the lead API, see integration-guide.service.ts. */
import { envelope, integrationGuideQuery, integrationGuideSchema } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { READ as OFFERS_READ } from '../../inventory/offers';
import { buildIntegrationGuide } from './integration-guide.service';

export default async function integrationGuideRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/integration-guide',
    {
      // whoever sees offers: affiliates (their own token in the examples) and staff with the offers permission
      config: { permission: OFFERS_READ },
      schema: {
        tags: ['leads'],
        summary: 'The integration guide of the lead API',
        description:
          'The lead API as this document describes it — its fields, answers and error codes — with curl examples on the platform’s public URL ' +
          'carrying the caller’s own lead API token, and the postback macros. With `offerId` (an offer the caller sees), the examples post to ' +
          'that offer with its vertical’s parameters.',
        querystring: integrationGuideQuery,
        response: { 200: envelope(integrationGuideSchema) },
      },
    },
    async (req) => ({
      data: await buildIntegrationGuide(req.ctx, req.server.swagger(), {
        offerId: req.query.offerId,
        publicUrl: req.ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`,
      }),
    }),
  );
}
