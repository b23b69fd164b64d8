/** `PUT /leads/:id`: the lead for editing (product §7), see lead-edit.service.ts. */
import { envelope, idParams, leadDetailSchema, leadEditSchema, listOf } from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { editLead } from './lead-edit.service';

export default async function leadEditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/leads/:id',
    {
      config: { permission: 'lead.update' },
      schema: {
        tags: ['leads'],
        summary: 'Edit a lead',
        description:
          'Corrects the contact fields, country, language, IP, landing, source URL, subs, custom fields, campaign (one of the affiliate’s for the offer) ' +
          'and lander (one of the offer’s) of a lead. A field left out is kept; `null` or an empty text clears it. The values are checked like the lead API’s ' +
          '(formats, the vertical’s parameters and rejecting rules); the status is kept. Each edit is in the lead’s history with who changed what.',
        params: idParams,
        body: leadEditSchema,
        response: { 200: envelope(listOf(leadDetailSchema)) },
      },
    },
    async (req) => {
      const { lead, changed } = await editLead(req.ctx, req.params.id, req.body);
      return { data: { items: [lead] }, message: changed.length ? 'The lead is saved' : 'Nothing changed' };
    },
  );
}
