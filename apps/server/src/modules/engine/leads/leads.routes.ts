/**
 * The lead API: `POST /api/v1/leads` with the affiliate's API token (`X-Api-Key` or Bearer) or an affiliate's session.
 * Answers once the lead is committed and its first distribution run is over (a 2xx means the lead is stored).
 * The /leads screen: the list, its dependent filters, a lead, its history and advertiser data, and the actions
 * (leads.service.ts, lead-actions.ts).
 */
import {
  envelope,
  idParams,
  leadActionsAnswerSchema,
  leadActionsBody,
  leadAdvertiserDataItemSchema,
  leadDetailSchema,
  leadFiltersAnswerSchema,
  leadFiltersQuery,
  leadHistoryItemSchema,
  leadIntakeAnswerSchema,
  leadIntakeSchema,
  leadListItemSchema,
  leadListQuery,
  listOf,
  listWithTotalsOf,
  leadTotalsSchema,
  LEAD_API_DOC,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../../http/openapi';
import { distributeLead } from './distribution';
import { leadEngineReads } from './engine-reads';
import { acceptLead, redirectFor } from './intake';
import { actionsMessage, applyLeadActions } from './lead-actions';
import * as service from './leads.service';

const READ = ['lead.read', 'lead.assigned.read', 'lead.own.read'];
const STAFF_READ = ['lead.read', 'lead.assigned.read'];
const { 200: stored, ...refusals } = LEAD_API_DOC.responses;

export default async function leadsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/leads',
    {
      // partners' servers call it for JSON: the browser headers (CSP, frame options …) cost time and protect nothing
      config: { authenticated: true, apiToken: true, hotPath: true, helmet: false, compress: false },
      schema: {
        tags: ['leads'],
        operationId: LEAD_API_DOC.operationId,
        summary: LEAD_API_DOC.summary,
        description: LEAD_API_DOC.description,
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
        response: {
          200: envelope(leadIntakeAnswerSchema).describe(stored),
          // every 4xx the intake answers (intake.ts, the error handler); the integration guide lists them with these texts
          ...errorAnswers(refusals),
        },
      },
    },
    async (req) => {
      const { queue } = req.server.services;
      const reads = leadEngineReads(req.server.services);
      const accepted = await acceptLead(req.ctx, reads, req.body, queue);
      if (!accepted.distribute) {
        return { data: { id: accepted.id, status: accepted.status, reason: accepted.reason, redirectUrl: null }, message: 'Lead received' };
      }
      const result = await distributeLead(req.ctx, queue, accepted.id, { claimed: accepted.claimed, reads });
      return {
        data: {
          id: accepted.id,
          status: result.status,
          reason: result.reason,
          redirectUrl: result.status === 'sent' ? redirectFor(accepted, result.redirectUrl) : result.redirectUrl,
        },
        message: 'Lead received',
      };
    },
  );

  app.get(
    '/leads',
    {
      config: { permission: READ },
      schema: {
        tags: ['leads'],
        summary: 'List leads',
        description:
          'Newest first, 25 a page. Filters: status, offers, affiliates, advertisers (staff), campaigns, verticals, countries, lead grades, subs, ' +
          'creation days in `timezone` (`dateFrom`/`dateTo`) or seconds (`from`/`to`), `search` by id, phone, e-mail or name. ' +
          'Staff read every lead (or their assigned affiliates’); an affiliate reads its own, without the advertiser side.',
        querystring: leadListQuery,
        response: { 200: envelope(listWithTotalsOf(leadListItemSchema, leadTotalsSchema)) },
      },
    },
    async (req) => ({ data: await service.list(req.ctx, req.query) }),
  );

  app.get(
    '/leads/filters',
    {
      config: { permission: READ },
      schema: {
        tags: ['leads'],
        summary: 'Dependent filters of the lead list',
        description:
          'The values of one filter (`filterSlug`) present in the leads the user may read, narrowed by the other filters and `search`.',
        querystring: leadFiltersQuery,
        response: { 200: envelope(leadFiltersAnswerSchema) },
      },
    },
    async (req) => ({ data: await service.filters(req.ctx, req.query) }),
  );

  app.get(
    '/leads/:id',
    {
      config: { permission: READ },
      schema: {
        tags: ['leads'],
        summary: 'A lead (for editing)',
        description: 'The lead with its custom fields, the grades of its vertical and the actions the user may take on it.',
        params: idParams,
        response: { 200: envelope(listOf(leadDetailSchema)) },
      },
    },
    async (req) => ({ data: { items: [await service.detail(req.ctx, req.params.id)] } }),
  );

  app.get(
    '/leads/:id/history',
    {
      config: { permission: READ },
      schema: {
        tags: ['leads'],
        summary: 'History of a lead',
        description: 'Creation, status and grade changes, resends and postbacks, oldest first, with who did it (staff only).',
        params: idParams,
        response: { 200: envelope(listOf(leadHistoryItemSchema)) },
      },
    },
    async (req) => ({ data: await service.history(req.ctx, req.params.id) }),
  );

  app.get(
    '/leads/:id/advertiser-data',
    {
      config: { permission: STAFF_READ },
      schema: {
        tags: ['leads'],
        summary: 'Sending-to-advertiser history of a lead',
        description:
          'Every attempt to send the lead to an advertiser: the request, the response code and body, the parsed result and the time taken. Staff only.',
        params: idParams,
        response: { 200: envelope(listOf(leadAdvertiserDataItemSchema)) },
      },
    },
    async (req) => ({ data: await service.advertiserData(req.ctx, req.params.id) }),
  );

  app.patch(
    '/leads',
    {
      config: { permission: 'lead.update' },
      schema: {
        tags: ['leads'],
        summary: 'Resend, send to trash or change the lead grade',
        description:
          'One or many `{id, action, leadGrade?}`. Resend from failed, unsent, trash, invalid or duplicate; trash from any status but trash; ' +
          'a grade must be one of the vertical’s grades and a mass grade change needs one vertical. The answer lists the leads changed and not changed.',
        body: leadActionsBody,
        response: { 200: envelope(leadActionsAnswerSchema) },
      },
    },
    async (req) => {
      const answer = await applyLeadActions(req.ctx, req.server.services.queue, req.body.items);
      return { data: answer, message: actionsMessage(answer) };
    },
  );
}
