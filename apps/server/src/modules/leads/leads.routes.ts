/**
 * The lead API: `POST /api/v1/leads` with the affiliate's API token (`X-Api-Key` or Bearer) or an affiliate's session.
 * Answers once the lead is committed and its first distribution run is over (a 2xx means the lead is stored).
 */
import { envelope, leadIntakeAnswerSchema, leadIntakeSchema } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { distributeLead } from './distribution';
import { acceptLead, redirectFor } from './intake';

export default async function leadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/leads',
    {
      config: { authenticated: true, apiToken: true },
      schema: {
        tags: ['leads'],
        summary: 'Post a lead (lead API)',
        description:
          'Validates the lead against the vertical of the offer, stores it and distributes it to the first advertiser that accepts it. ' +
          'Authenticate with the affiliate API token (`X-Api-Key` header or `Authorization: Bearer`). Give the offer (`offerId`), ' +
          'your campaign (`campaignId` or `campaignKey`) or the visitor’s `clickId`.',
        security: [{ apiKey: [] }, { bearer: [] }],
        body: leadIntakeSchema.meta({
          example: {
            campaignKey: 'AbC123xYz789',
            clickId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
            firstName: 'Anna',
            lastName: 'Nowak',
            phone: '+48 601 234 567',
            email: 'anna.nowak@example.com',
            country: 'PL',
            language: 'pl',
            ip: '83.1.2.3',
            sub1: 'fb-campaign-7',
          },
        }),
        response: { 200: envelope(leadIntakeAnswerSchema) },
      },
    },
    async (req) => {
      const queue = req.server.services.queue;
      const accepted = await acceptLead(req.ctx, queue, req.body);
      if (!accepted.distribute) {
        return { data: { id: accepted.id, status: accepted.status, reason: accepted.reason, redirectUrl: null }, message: 'Lead received' };
      }
      const result = await distributeLead(req.ctx, queue, accepted.id);
      return {
        data: { id: accepted.id, status: result.status, reason: result.reason, redirectUrl: result.status === 'sent' ? redirectFor(accepted, result.redirectUrl) : null },
        message: 'Lead received',
      };
    },
  );
}
