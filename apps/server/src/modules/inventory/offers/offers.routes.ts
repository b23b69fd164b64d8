import {
  affiliateOfferListQuery,
  affiliateOfferSchema,
  envelope,
  idParams,
  idsBody,
  itemsOf,
  listOf,
  offerAdvertiserCreate,
  offerAdvertiserSchema,
  offerAdvertisersQuery,
  offerAdvertiserStatusItem,
  offerAdvertiserUpdate,
  offerAffiliateSchema,
  offerAffiliatesEdit,
  offerAffiliatesQuery,
  offerBulkEdit,
  offerCountsQuery,
  offerCountsSchema,
  offerCreate,
  offerCreationDataSchema,
  offerForCampaignQuery,
  offerGetQuery,
  offerListQuery,
  offerLookupQuery,
  offerReadinessSchema,
  offerReceivingTrafficQuery,
  offerReceivingTrafficSchema,
  offerRefSchema,
  offerSchema,
  offerSpecialQuery,
  offerSpecialSchema,
  offerStatusItem,
  offerTeamSchema,
  offerTeamsEdit,
  offerTeamsQuery,
  offerUpdate,
  sieveDisplaySettingsBody,
  sieveDisplaySettingsSchema,
} from '@leadgrid/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { WRITE as CAMPAIGN_WRITE } from '../campaigns';
import * as affiliateOffers from './affiliate-offers.service';
import * as assignments from './assignments.service';
import * as lookups from './offer-lookups.service';
import { readiness } from './readiness.service';
import * as offers from './offers.service';
import * as sieveDisplay from './sieve-display';
import * as targets from './targets.service';
import { isAffiliate, isStaff } from './visibility';
import { routeKit } from '../../../http/route-kit';
import { counted } from '../../../lib/plural';

const READ = offers.READ;
const WRITE = offers.WRITE;

/** the staff views: affiliates have their own (/offers/for-affiliate) */
function notForAffiliates(ctx: Ctx) {
  if (isAffiliate(requireActor(ctx))) throw AppError.forbidden('Affiliates see offers through /offers/for-affiliate');
}
/** assignments and advertiser targets: staff only */
function staffOnly(ctx: Ctx) {
  if (!isStaff(requireActor(ctx))) throw AppError.forbidden();
}
const revokedNote = (r: { revoked: number; restored: number }) =>
  `${r.revoked ? `; ${counted(r.revoked, 'campaign revoked', 'campaigns revoked')}` : ''}${r.restored ? `; ${counted(r.restored, 'campaign restored', 'campaigns restored')}` : ''}`;

export default async function offersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['offers'];
  const answer = { 200: envelope(listOf(offerSchema)) };

  app.get('/offers', { config: { permission: READ }, schema: { tags, querystring: offerListQuery, response: answer } }, async (req) => {
    notForAffiliates(req.ctx);
    return { data: await offers.list(req.ctx, req.query) };
  });

  /** by title or id (affiliates: among the offers they see) */
  app.get(
    '/offers/filters',
    { config: { permission: READ }, schema: { tags, querystring: offerLookupQuery, response: { 200: envelope(listOf(offerRefSchema)) } } },
    async (req) => ({ data: await offers.lookup(req.ctx, req.query) }),
  );

  /** the campaign form's offer picker: offers the chosen affiliate sees (staff creating a campaign for it, or the affiliate) */
  app.get(
    '/offers/for-campaign',
    {
      config: { permission: [READ, CAMPAIGN_WRITE] },
      schema: { tags, querystring: offerForCampaignQuery, response: { 200: envelope(listOf(offerRefSchema)) } },
    },
    async (req) => ({ data: await offers.forCampaign(req.ctx, req.query) }),
  );

  /** product §7 special offers: the offers the affiliate sees with a payment rule or cap of its own (affiliates: itself) */
  app.get(
    '/offers/special',
    {
      config: { permission: READ },
      schema: { tags, querystring: offerSpecialQuery, response: { 200: envelope(listOf(offerSpecialSchema)) } },
    },
    async (req) => ({ data: await lookups.special(req.ctx, req.query) }),
  );

  /** product §7 receiving-traffic offers: offers with a valid click or a lead in the last `days` days */
  app.get(
    '/offers/receiving-traffic',
    {
      config: { permission: READ },
      schema: { tags, querystring: offerReceivingTrafficQuery, response: { 200: envelope(listOf(offerReceivingTrafficSchema)) } },
    },
    async (req) => ({ data: await lookups.receivingTraffic(req.ctx, req.query) }),
  );

  /** staff: offers per status under the list filters; affiliates: {all, own} */
  app.get(
    '/offers/counts',
    { config: { permission: READ }, schema: { tags, querystring: offerCountsQuery, response: { 200: envelope(offerCountsSchema) } } },
    async (req) => ({
      data: isAffiliate(req.ctx.actor) ? await affiliateOffers.counts(req.ctx, req.query) : await offers.staffCounts(req.ctx, req.query),
    }),
  );

  app.get(
    '/offers/creation-data',
    { config: { permission: READ }, schema: { tags, response: { 200: envelope(offerCreationDataSchema) } } },
    async (req) => {
      staffOnly(req.ctx);
      return { data: await offers.creationData(req.ctx) };
    },
  );

  app.get(
    '/offers/sieve-display-settings',
    { config: { permission: READ }, schema: { tags, response: { 200: envelope(sieveDisplaySettingsSchema) } } },
    async (req) => ({ data: await sieveDisplay.get(req.ctx) }),
  );
  app.put(
    '/offers/sieve-display-settings',
    {
      config: { permission: READ },
      schema: { tags, body: sieveDisplaySettingsBody, response: { 200: envelope(sieveDisplaySettingsSchema) } },
    },
    async (req) => ({ data: await sieveDisplay.save(req.ctx, req.body.data), message: 'Display settings saved' }),
  );

  // ------------------------------------------------------------ affiliate views (/offers/all)

  app.get(
    '/offers/for-affiliate',
    {
      config: { permission: READ },
      schema: { tags, querystring: affiliateOfferListQuery, response: { 200: envelope(listOf(affiliateOfferSchema)) } },
    },
    async (req) => ({ data: await affiliateOffers.list(req.ctx, req.query) }),
  );
  app.get(
    '/offers/for-affiliate/:id',
    { config: { permission: READ }, schema: { tags, params: idParams, response: { 200: envelope(listOf(affiliateOfferSchema)) } } },
    async (req) => ({ data: { items: [await affiliateOffers.get(req.ctx, req.params.id)] } }),
  );

  // ------------------------------------------------------------ offers

  app.get(
    '/offers/:id',
    { config: { permission: READ }, schema: { tags, params: idParams, querystring: offerGetQuery, response: answer } },
    async (req) => {
      notForAffiliates(req.ctx);
      return { data: { items: [await offers.get(req.ctx, req.params.id, req.query.with)] } };
    },
  );

  app.put('/offers', { config: { permission: WRITE }, schema: { tags, body: itemsOf(offerCreate), response: answer } }, async (req) => {
    const items = await offers.create(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Offer created', 'offers created') };
  });

  app.patch('/offers', { config: { permission: WRITE }, schema: { tags, body: itemsOf(offerUpdate), response: answer } }, async (req) => {
    const items = await offers.update(req.ctx, req.body.items);
    return { data: { items }, message: counted(items.length, 'Offer saved', 'offers saved') };
  });

  app.post(
    '/offers/bulk_edit',
    { config: { permission: WRITE }, schema: { tags, body: z.object({ data: offerBulkEdit }), response: answer } },
    async (req) => {
      const items = await offers.bulkEdit(req.ctx, req.body.data);
      return { data: { items }, message: counted(items.length, 'Offer saved', 'offers saved') };
    },
  );

  app.post(
    '/offers/change_status',
    { config: { permission: WRITE }, schema: { tags, body: itemsOf(offerStatusItem), response: answer } },
    async (req) => {
      const items = await offers.changeStatus(req.ctx, req.body.items, req.server.services.queue);
      return { data: { items }, message: counted(items.length, 'Offer status changed', 'offers changed status') };
    },
  );

  // ------------------------------------------------------------ assigned affiliates and teams

  app.get(
    '/offers/:id/affiliates',
    {
      config: { permission: READ },
      schema: { tags, params: idParams, querystring: offerAffiliatesQuery, response: { 200: envelope(listOf(offerAffiliateSchema)) } },
    },
    async (req) => {
      staffOnly(req.ctx);
      return { data: await assignments.listAffiliates(req.ctx, req.params.id, req.query) };
    },
  );
  app.get(
    '/offers/:id/teams',
    {
      config: { permission: READ },
      schema: { tags, params: idParams, querystring: offerTeamsQuery, response: { 200: envelope(listOf(offerTeamSchema)) } },
    },
    async (req) => {
      staffOnly(req.ctx);
      return { data: await assignments.listTeams(req.ctx, req.params.id, req.query) };
    },
  );
  /** what the offer still needs before it takes traffic (readiness.service.ts), for the offer page's checklist */
  app.get(
    '/offers/:id/readiness',
    { config: { permission: READ }, schema: { tags, params: idParams, response: { 200: envelope(offerReadinessSchema) } } },
    async (req) => {
      staffOnly(req.ctx);
      return { data: await readiness(req.ctx, req.params.id) };
    },
  );
  app.post(
    '/offers/:id/edit_affiliates',
    {
      config: { permission: WRITE },
      schema: { tags, params: idParams, body: offerAffiliatesEdit, response: { 200: envelope(listOf(offerAffiliateSchema)) } },
    },
    async (req) => {
      const { items, ...result } = await assignments.editAffiliates(req.ctx, req.params.id, req.body.data);
      return {
        data: { items },
        message: `${counted(items.length, 'Affiliate assignment saved', 'affiliate assignments saved')}${revokedNote(result)}`,
      };
    },
  );
  app.post(
    '/offers/:id/edit_teams',
    {
      config: { permission: WRITE },
      schema: { tags, params: idParams, body: offerTeamsEdit, response: { 200: envelope(listOf(offerTeamSchema)) } },
    },
    async (req) => {
      const { items, ...result } = await assignments.editTeams(req.ctx, req.params.id, req.body.data);
      return {
        data: { items },
        message: `${counted(items.length, 'Team assignment saved', 'team assignments saved')}${revokedNote(result)}`,
      };
    },
  );

  // ------------------------------------------------------------ advertiser targets

  const targetAnswer = { 200: envelope(listOf(offerAdvertiserSchema)) };
  app.get(
    '/offers/:id/advertisers',
    { config: { permission: READ }, schema: { tags, params: idParams, querystring: offerAdvertisersQuery, response: targetAnswer } },
    async (req) => {
      staffOnly(req.ctx);
      return { data: await targets.list(req.ctx, req.params.id, req.query) };
    },
  );
  const targetKit = routeKit(fastify, {
    url: '/offer-advertisers',
    tags,
    read: READ,
    write: WRITE,
    row: offerAdvertiserSchema,
    one: 'Advertiser target',
    many: 'advertiser targets',
  });
  targetKit.items('PUT', '', offerAdvertiserCreate, targets.create, ['Advertiser added to the offer', 'advertisers added to offers']);
  targetKit.items('PATCH', '', offerAdvertiserUpdate, targets.update, 'saved');
  targetKit.items('POST', '/change_status', offerAdvertiserStatusItem, targets.changeStatus, targetKit.statusChanged);
  app.delete(
    '/offer-advertisers',
    {
      config: { permission: WRITE },
      schema: { tags, body: idsBody, response: { 200: envelope(z.object({ ids: z.array(z.number().int()) })) } },
    },
    async (req) => {
      const ids = await targets.remove(req.ctx, req.body.data);
      return { data: { ids }, message: counted(ids.length, 'Advertiser removed from the offer', 'advertiser targets removed') };
    },
  );
}
