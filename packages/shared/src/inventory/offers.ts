/**
 * Offers (product §2 /offers, /offers/{id} tabs general, affiliates and targeting; §3 Offer, Sieve rules; §7 offers):
 * the staff list and detail, create, edit (one or many), bulk edit, status, the creation-data and filter look-ups,
 * counts, the affiliate views (/offers/all), assigned affiliates and teams with their sieves, the advertiser targets
 * of an offer (`/offer-advertisers`) and the per-user sieve display settings.
 *
 * Inputs name related records by id (`categoryIds`, `tagIds`, `payMethodIds` ...); answers carry the records
 * themselves (`categories`, `tags`, `payMethods` ...). Timestamps are seconds; money is a decimal string.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE, TITLE_MAX } from '../constants';
import { ISO_COUNTRY_CODES } from '../settings/reference';
import { zDescription, zId, zTitle, zUrl } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';
import { LIST_EDIT_MODES, personRefSchema } from '../people/people';
import { ADVERTISER_STATUSES, INTEGRATION_METHODS, SELL_SIDE_STATUSES } from '../sell-side/sell-side';
import {
  CAP_PERIODS,
  CAP_TYPES,
  EMPTY_SIEVE,
  LANDER_PAGE_TYPES,
  OFFER_ACCESS_TYPE_IDS,
  OFFER_STATUSES,
  PAYMENT_TYPES,
  SESSION_LIFESPAN_TYPES,
  sieveDisplaySettingsSchema,
  sieveSchema,
} from './sieves';
import { csvEnum, csvIds, lookupQuery, PICKER_LIMIT, tagRefSchema } from '../settings/tags';

// ---------------------------------------------------------------- constants

/** spec: session lifespan in days */
export const SESSION_LIFESPAN = { min: 1, max: 3650, default: 30 } as const;
/** statuses of an assignment (affiliate or team) and of an advertiser target */
export const OFFER_LINK_STATUSES = ['active', 'inactive'] as const;
export type OfferLinkStatus = (typeof OFFER_LINK_STATUSES)[number];
/** weight of an advertiser target among the offer's targets of the same priority */
export const TARGET_WEIGHT = { min: 1, max: 1000, default: 100 } as const;
/** the relations GET /offers and GET /offers/:id add on request (`with=`) */
export const OFFER_WITH = ['integrations', 'advertisers', 'counts'] as const;
export type OfferWith = (typeof OFFER_WITH)[number];
export const OFFER_ORDER_FIELDS = ['id', 'title', 'status', 'createdAt', 'updatedAt', 'isHot', 'accessType'] as const;
/** the message of the product §4 guard (product §8 wording), answered with 409 */
export const ADVERTISER_REMOVAL_GUARD = 'An advertiser cannot be deleted while active landings are assigned';
export const OFFER_GEOS_MAX = 300;
export const OFFER_LIST_MAX = 100;

const m = (message: string) => ({ message });
const ref = z.object({ id: z.number().int(), title: z.string() });
const zAccessType = () => z.union([z.literal(OFFER_ACCESS_TYPE_IDS[0]), z.literal(OFFER_ACCESS_TYPE_IDS[1])], m('pattern'));
const COUNTRIES: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);
/** a unique list of ISO country codes (upper-cased) */
export const zCountries = () =>
  z
    .array(
      z
        .string(m('pattern'))
        .trim()
        .toUpperCase()
        .refine((v) => COUNTRIES.has(v), m('pattern')),
    )
    .max(OFFER_GEOS_MAX, m('noMore'))
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((v, i) => {
        if (seen.has(v)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i] });
        seen.add(v);
      });
    });
const zIdList = (max = OFFER_LIST_MAX) =>
  z
    .array(zId())
    .max(max, m('noMore'))
    .refine((ids) => new Set(ids).size === ids.length, m('unique'));
const zSessionLifespan = () =>
  z.number(m('number')).int(m('number')).min(SESSION_LIFESPAN.min, m('minMax')).max(SESSION_LIFESPAN.max, m('minMax'));
const zTrafficbackUrl = () =>
  zUrl()
    .nullable()
    .or(z.literal('').transform(() => null));
const zWeight = () => z.number(m('number')).int(m('number')).min(TARGET_WEIGHT.min, m('minMax')).max(TARGET_WEIGHT.max, m('minMax'));
/** `0`/`1`/`true`/`false` in a query string */
const zQueryFlag = () => z.enum(['0', '1', 'true', 'false'], m('pattern')).transform((v) => v === '1' || v === 'true');

// ---------------------------------------------------------------- answers

export const offerRefSchema = z.object({ id: z.number().int(), title: z.string(), status: z.enum(OFFER_STATUSES) });
export type OfferRef = z.infer<typeof offerRefSchema>;
export const paymentModelRefSchema = z.object({ id: z.number().int(), code: z.string(), title: z.string() });
export const advertiserShortSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  title: z.string(),
  status: z.enum(ADVERTISER_STATUSES),
});
/** an advertiser target as shown on the offer (read-only there; edited through /offer-advertisers) */
export const offerIntegrationSchema = z.object({
  /** the target (offer_advertisers) id */
  targetId: z.number().int(),
  targetStatus: z.enum(OFFER_LINK_STATUSES),
  id: z.number().int(),
  title: z.string(),
  status: z.enum(SELL_SIDE_STATUSES),
  advertiser: advertiserShortSchema,
});
/** the number of rows of each tab (with=counts) */
export const offerTabCountsSchema = z.object({
  advertisers: z.number().int(),
  affiliates: z.number().int(),
  teams: z.number().int(),
  landers: z.number().int(),
  creatives: z.number().int(),
  caps: z.number().int(),
  paymentRules: z.number().int(),
  campaigns: z.number().int(),
});

/** the staff view of an offer */
export const offerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageId: z.number().int().nullable(),
  /** `/api/v1/images/<id>` (public by id) or null */
  imageUrl: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  statusChangedAt: z.number().int().nullable(),
  vertical: ref,
  integrationMethod: z.enum(INTEGRATION_METHODS),
  accessType: z.union([z.literal(1), z.literal(3)]),
  isHot: z.boolean(),
  geos: z.array(z.string()),
  sessionLifespan: z.number().int(),
  sessionLifespanType: z.enum(SESSION_LIFESPAN_TYPES),
  goal: ref.nullable(),
  trafficbackUrl: z.string().nullable(),
  payMethods: z.array(paymentModelRefSchema),
  trafficSources: z.array(ref),
  categories: z.array(ref),
  tags: z.array(tagRefSchema),
  managers: z.array(personRefSchema),
  /** with=integrations: the advertiser targets (integration and its advertiser) */
  integrations: z.array(offerIntegrationSchema).optional(),
  /** with=advertisers: the distinct advertisers of the targets */
  advertisers: z.array(advertiserShortSchema).optional(),
  /** with=counts: rows per tab */
  counts: offerTabCountsSchema.optional(),
  createdAt: z.number().int(),
  createdBy: personRefSchema.nullable(),
  updatedAt: z.number().int(),
});
export type Offer = z.infer<typeof offerSchema>;

// ---------------------------------------------------------------- writes

const offerFields = {
  description: zDescription(),
  /** an uploaded image (PUT /images) */
  imageId: zId().nullable(),
  /** payment model ids (global ones or of the offer's vertical) */
  payMethodIds: zIdList(),
  trafficSourceIds: zIdList(),
  categoryIds: zIdList(),
  verticalId: zId(),
  integrationMethod: z.enum(INTEGRATION_METHODS, m('pattern')),
  /** tags of type 'offer' */
  tagIds: zIdList(),
  isHot: z.boolean(m('pattern')),
  accessType: zAccessType(),
  /** staff users */
  managerIds: zIdList(50),
  geos: zCountries(),
  sessionLifespan: zSessionLifespan(),
  sessionLifespanType: z.enum(SESSION_LIFESPAN_TYPES, m('pattern')),
  /** a goal of the offer's vertical; required when the lifespan counts from the goal */
  goalId: zId().nullable(),
  trafficbackUrl: zTrafficbackUrl(),
  status: z.enum(OFFER_STATUSES, m('pattern')),
};

export const offerCreate = z.object({
  title: zTitle(),
  description: offerFields.description.default(''),
  imageId: offerFields.imageId.default(null),
  payMethodIds: offerFields.payMethodIds.default([]),
  trafficSourceIds: offerFields.trafficSourceIds.default([]),
  categoryIds: offerFields.categoryIds.default([]),
  verticalId: offerFields.verticalId,
  integrationMethod: offerFields.integrationMethod.default('api'),
  tagIds: offerFields.tagIds.default([]),
  isHot: offerFields.isHot.default(false),
  accessType: offerFields.accessType.default(1),
  managerIds: offerFields.managerIds.default([]),
  geos: offerFields.geos.default([]),
  sessionLifespan: offerFields.sessionLifespan.default(SESSION_LIFESPAN.default),
  sessionLifespanType: offerFields.sessionLifespanType.default('click'),
  goalId: offerFields.goalId.default(null),
  trafficbackUrl: offerFields.trafficbackUrl.default(null),
  status: offerFields.status.default('draft'),
});
export type OfferCreate = z.input<typeof offerCreate>;

/** PATCH /offers {items:[...]}: one or many; a field left out is not changed, a list sent replaces the list */
export const offerUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  description: offerFields.description.optional(),
  imageId: offerFields.imageId.optional(),
  payMethodIds: offerFields.payMethodIds.optional(),
  trafficSourceIds: offerFields.trafficSourceIds.optional(),
  categoryIds: offerFields.categoryIds.optional(),
  /** refused (409) while the offer has advertiser targets, landers of an advertiser, or caps / payment rules with a goal */
  verticalId: offerFields.verticalId.optional(),
  integrationMethod: offerFields.integrationMethod.optional(),
  tagIds: offerFields.tagIds.optional(),
  isHot: offerFields.isHot.optional(),
  accessType: offerFields.accessType.optional(),
  managerIds: offerFields.managerIds.optional(),
  geos: offerFields.geos.optional(),
  sessionLifespan: offerFields.sessionLifespan.optional(),
  sessionLifespanType: offerFields.sessionLifespanType.optional(),
  goalId: offerFields.goalId.optional(),
  trafficbackUrl: offerFields.trafficbackUrl.optional(),
  status: offerFields.status.optional(),
});
export type OfferUpdate = z.input<typeof offerUpdate>;

/**
 * POST /offers/bulk_edit {data:{...}}: the same change to many offers, in one transaction. Tags, categories, managers
 * and geos are replaced, added to or removed from each offer's list by their mode (default replace).
 */
export const offerBulkEdit = z
  .object({
    ids: zIdList(MAX_PAGE_SIZE).refine((x) => x.length > 0, m('required')),
    status: offerFields.status.optional(),
    isHot: offerFields.isHot.optional(),
    accessType: offerFields.accessType.optional(),
    tagIds: offerFields.tagIds.optional(),
    tagsMode: z.enum(LIST_EDIT_MODES, m('pattern')).default('replace'),
    categoryIds: offerFields.categoryIds.optional(),
    categoriesMode: z.enum(LIST_EDIT_MODES, m('pattern')).default('replace'),
    managerIds: offerFields.managerIds.optional(),
    managersMode: z.enum(LIST_EDIT_MODES, m('pattern')).default('replace'),
    geos: offerFields.geos.optional(),
    geosMode: z.enum(LIST_EDIT_MODES, m('pattern')).default('replace'),
  })
  .superRefine((x, ctx) => {
    const changes = [x.status, x.isHot, x.accessType, x.tagIds, x.categoryIds, x.managerIds, x.geos];
    if (changes.every((c) => c === undefined)) ctx.addIssue({ code: 'custom', message: 'required', path: ['status'] });
  });
export type OfferBulkEdit = z.input<typeof offerBulkEdit>;

export const offerStatusItem = statusChangeItem(OFFER_STATUSES);

// ---------------------------------------------------------------- queries

export const offerListQuery = listQuerySchema.extend({
  verticalId: csvIds().optional(),
  /** offers targeting these advertisers (offer_advertisers, any status) */
  advertiserId: csvIds().optional(),
  tagIds: csvIds().optional(),
  categoryIds: csvIds().optional(),
  /** offers accepting any of these countries */
  geos: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim().toUpperCase()).filter(Boolean))
    .pipe(z.array(z.string().refine((v) => COUNTRIES.has(v), m('pattern'))).max(OFFER_GEOS_MAX, m('noMore')))
    .optional(),
  isHot: zQueryFlag().optional(),
  accessType: z.enum(['1', '3'], m('pattern')).transform(Number).optional(),
  managerId: csvIds().optional(),
});
export type OfferListQuery = z.input<typeof offerListQuery>;
export const offerGetQuery = z.object({ with: listQuerySchema.shape.with });
/** GET /offers/filters: by title or id (affiliates: among the offers they see) */
export const offerLookupQuery = lookupQuery(PICKER_LIMIT).extend({ status: csvEnum(OFFER_STATUSES).optional() });
/** GET /offers/for-campaign: the offers a campaign of this affiliate can be created for (active, with its access) */
export const offerForCampaignQuery = lookupQuery(PICKER_LIMIT).extend({ affiliateId: zId() });
/**
 * GET /offers/special (product §7 "special offers"; docs/decisions/engine.md "Onboarding and look-ups"): the offers the
 * affiliate sees that carry conditions of its own — an active payment rule or cap whose sieve names the affiliate or
 * its team.
 */
export const offerSpecialQuery = lookupQuery(PICKER_LIMIT).extend({ affiliateId: zId() });
export const offerSpecialSchema = offerRefSchema.extend({
  /** the active payment rules and caps of the offer whose sieve names the affiliate or its team */
  paymentRules: z.number().int(),
  caps: z.number().int(),
});
export type OfferSpecial = z.infer<typeof offerSpecialSchema>;
/** the look-back of GET /offers/receiving-traffic, in days */
export const RECEIVING_TRAFFIC_DAYS = { min: 1, max: 90, default: 7 } as const;
/**
 * GET /offers/receiving-traffic (product §7 "receiving-traffic offers"): the offers that took traffic — a valid click or
 * a lead other than a test — in the last `days` days, of one affiliate when named (an affiliate: itself only).
 */
export const offerReceivingTrafficQuery = lookupQuery(PICKER_LIMIT).extend({
  affiliateId: zId().optional(),
  days: z.coerce
    .number(m('number'))
    .int(m('number'))
    .min(RECEIVING_TRAFFIC_DAYS.min, m('min'))
    .max(RECEIVING_TRAFFIC_DAYS.max, m('noMore'))
    .default(RECEIVING_TRAFFIC_DAYS.default),
});
export const offerReceivingTrafficSchema = offerRefSchema.extend({
  /** the last valid click and the last lead (not a test) in the window, in seconds; null: none */
  lastClickAt: z.number().int().nullable(),
  lastLeadAt: z.number().int().nullable(),
});
export type OfferReceivingTraffic = z.infer<typeof offerReceivingTrafficSchema>;
/** the tabs of the staff offer page (the readiness items link to them) */
export const OFFER_TABS = ['general', 'targeting', 'landings', 'caps', 'payment-rules', 'affiliates'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];
/**
 * What an offer needs before it takes traffic (GET /offers/:id/readiness; docs/decisions/engine.md "Onboarding and
 * look-ups"), read like the lead engine reads it: status active; an advertiser target the engine would send to
 * (target, advertiser and integration active, the integration's API on); one of them with valid outbound settings; an
 * active lander; an active payment rule; for a private offer an assigned affiliate or team. Geos and caps are advice.
 */
export const OFFER_READINESS_KEYS = ['status', 'advertiser', 'integration', 'lander', 'paymentRule', 'access', 'geos', 'caps'] as const;
export type OfferReadinessKey = (typeof OFFER_READINESS_KEYS)[number];
export const offerReadinessSchema = z.object({
  /** every required item is met */
  ready: z.boolean(),
  items: z.array(
    z.object({
      key: z.enum(OFFER_READINESS_KEYS),
      ok: z.boolean(),
      /** false: advice only (the offer takes traffic without it) */
      required: z.boolean(),
      /** the tab of the offer page that fixes it */
      tab: z.enum(OFFER_TABS),
      /** how many there are (targets, landers, rules …); null where nothing is counted */
      count: z.number().int().nullable(),
    }),
  ),
});
export type OfferReadiness = z.infer<typeof offerReadinessSchema>;
/** GET /offers/counts: staff counts per status under the list filters; affiliates {all, own} */
export const offerCountsQuery = offerListQuery.omit({
  status: true,
  with: true,
  withMeta: true,
  fields: true,
  orderBy: true,
  limit: true,
  offset: true,
});
export const offerCountsSchema = z.object({
  all: z.number().int(),
  /** affiliates: visible offers they have a campaign of or are assigned to (directly or through their team) */
  own: z.number().int().optional(),
  active: z.number().int().optional(),
  inactive: z.number().int().optional(),
  draft: z.number().int().optional(),
});
export type OfferCounts = z.infer<typeof offerCountsSchema>;

// ---------------------------------------------------------------- creation data

export const offerCreationDataSchema = z.object({
  verticals: z.array(ref.extend({ goals: z.array(ref) })),
  integrationMethods: z.array(z.enum(INTEGRATION_METHODS)),
  accessTypes: z.array(z.object({ id: z.union([z.literal(1), z.literal(3)]), code: z.enum(['public', 'private']) })),
  sessionLifespanTypes: z.array(z.enum(SESSION_LIFESPAN_TYPES)),
  sessionLifespan: z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
  /** active payment models; verticalId null = global */
  paymentModels: z.array(paymentModelRefSchema.extend({ verticalId: z.number().int().nullable() })),
  trafficSources: z.array(ref),
  categories: z.array(ref),
});
export type OfferCreationData = z.infer<typeof offerCreationDataSchema>;

// ---------------------------------------------------------------- affiliate views

export const offerPayoutSchema = z.object({
  paymentModel: paymentModelRefSchema.nullable(),
  goal: ref.nullable(),
  paymentType: z.enum(PAYMENT_TYPES),
  /** fixed: an amount in `currency`; percent: a share of the revenue */
  value: z.string(),
  currency: z.string(),
  countries: z.array(z.string()),
});
export const offerCapInfoSchema = z.object({
  id: z.number().int(),
  type: z.enum(CAP_TYPES),
  period: z.enum(CAP_PERIODS),
  informationalValue: z.string(),
  countries: z.array(z.string()),
});
export const offerLanderInfoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  pageType: z.enum(LANDER_PAGE_TYPES),
  previewUrl: z.string().nullable(),
  language: z.string().nullable(),
});
/** what an affiliate may see of an offer: no revenue, advertisers, integrations, managers or real cap values */
export const affiliateOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  vertical: ref,
  integrationMethod: z.enum(INTEGRATION_METHODS),
  categories: z.array(ref),
  geos: z.array(z.string()),
  trafficSources: z.array(ref),
  isHot: z.boolean(),
  accessType: z.union([z.literal(1), z.literal(3)]),
  sessionLifespan: z.number().int(),
  sessionLifespanType: z.enum(SESSION_LIFESPAN_TYPES),
  goal: ref.nullable(),
  /** assigned to the affiliate directly or through its team */
  assigned: z.boolean(),
  /** the affiliate has a campaign of this offer (not deleted) */
  hasCampaign: z.boolean(),
  /** from the active payment rules that apply to the affiliate: payout only */
  payouts: z.array(offerPayoutSchema),
  /** active caps with an informational value that apply to the affiliate */
  caps: z.array(offerCapInfoSchema),
  /** active landers that apply to the affiliate */
  landers: z.array(offerLanderInfoSchema),
});
export type AffiliateOffer = z.infer<typeof affiliateOfferSchema>;
export const affiliateOfferListQuery = listQuerySchema
  .pick({ limit: true, offset: true, withMeta: true, search: true, orderBy: true })
  .extend({
    verticalId: csvIds().optional(),
    categoryIds: csvIds().optional(),
    geos: offerListQuery.shape.geos,
    isHot: zQueryFlag().optional(),
    accessType: offerListQuery.shape.accessType,
    /** only "own" offers (see offerCountsSchema.own) */
    own: zQueryFlag().optional(),
  });
export type AffiliateOfferListQuery = z.input<typeof affiliateOfferListQuery>;

// ---------------------------------------------------------------- assigned affiliates and teams

export const offerAffiliateSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  affiliate: personRefSchema.extend({ status: z.string() }),
  sieve: sieveSchema,
  status: z.enum(OFFER_LINK_STATUSES),
  createdAt: z.number().int(),
});
export type OfferAffiliate = z.infer<typeof offerAffiliateSchema>;
export const offerTeamSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  team: ref.extend({ status: z.string() }),
  sieve: sieveSchema,
  status: z.enum(OFFER_LINK_STATUSES),
  membersCount: z.number().int(),
  createdAt: z.number().int(),
});
export type OfferTeam = z.infer<typeof offerTeamSchema>;
const assignmentQuery = z.object({
  status: csvEnum(OFFER_LINK_STATUSES).optional(),
  limit: listQuerySchema.shape.limit,
  offset: listQuerySchema.shape.offset,
  withMeta: listQuerySchema.shape.withMeta,
});
export const offerAffiliatesQuery = assignmentQuery.extend({
  affiliateFullNameSearch: z.string().trim().max(TITLE_MAX, m('maxlength')).optional(),
});
export const offerTeamsQuery = assignmentQuery.extend({ teamTitleSearch: z.string().trim().max(TITLE_MAX, m('maxlength')).optional() });
/**
 * POST /offers/:id/edit_affiliates {data:[...]}: creates the assignment of each affiliate or changes it (upsert by
 * affiliate); affiliates not listed are left alone. Revoking is status 'inactive'.
 */
export const offerAffiliateInput = z.object({
  affiliateId: zId(),
  sieve: sieveSchema.optional(),
  status: z.enum(OFFER_LINK_STATUSES, m('pattern')).default('active'),
});
export const offerTeamInput = z.object({
  teamId: zId(),
  sieve: sieveSchema.optional(),
  status: z.enum(OFFER_LINK_STATUSES, m('pattern')).default('active'),
});
const uniqueBy =
  <T>(key: (x: T) => number, field: string) =>
  (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<number>();
    list.forEach((x, i) => {
      if (seen.has(key(x))) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, field] });
      seen.add(key(x));
    });
  };
export const offerAffiliatesEdit = z.object({
  data: z
    .array(offerAffiliateInput)
    .min(1, m('required'))
    .max(MAX_PAGE_SIZE, m('noMore'))
    .superRefine(uniqueBy((x) => x.affiliateId, 'affiliateId')),
});
export const offerTeamsEdit = z.object({
  data: z
    .array(offerTeamInput)
    .min(1, m('required'))
    .max(MAX_PAGE_SIZE, m('noMore'))
    .superRefine(uniqueBy((x) => x.teamId, 'teamId')),
});

// ---------------------------------------------------------------- advertiser targets

export const offerAdvertiserSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  advertiser: advertiserShortSchema,
  integration: z.object({ id: z.number().int(), title: z.string(), status: z.enum(SELL_SIDE_STATUSES) }),
  sieve: sieveSchema,
  weight: z.number().int(),
  lowPriority: z.boolean(),
  status: z.enum(OFFER_LINK_STATUSES),
  /** active landers of the offer assigned to this advertiser (they block its removal) */
  activeLanders: z.number().int(),
  createdAt: z.number().int(),
});
export type OfferAdvertiser = z.infer<typeof offerAdvertiserSchema>;
export const offerAdvertisersQuery = assignmentQuery.extend({
  /** advertiser or integration title */
  search: z.string().trim().max(TITLE_MAX, m('maxlength')).optional(),
  advertiserId: csvIds().optional(),
});
export const offerAdvertiserCreate = z.object({
  offerId: zId(),
  /** an active integration of an active advertiser of the offer's vertical; the advertiser is derived from it */
  integrationId: zId(),
  sieve: sieveSchema.default(EMPTY_SIEVE),
  weight: zWeight().default(TARGET_WEIGHT.default),
  lowPriority: z.boolean(m('pattern')).default(false),
  status: z.enum(OFFER_LINK_STATUSES, m('pattern')).default('active'),
});
export type OfferAdvertiserCreate = z.input<typeof offerAdvertiserCreate>;
export const offerAdvertiserUpdate = z.object({
  id: zId(),
  sieve: sieveSchema.optional(),
  weight: zWeight().optional(),
  lowPriority: z.boolean(m('pattern')).optional(),
  status: z.enum(OFFER_LINK_STATUSES, m('pattern')).optional(),
});
export type OfferAdvertiserUpdate = z.input<typeof offerAdvertiserUpdate>;
export const offerAdvertiserStatusItem = statusChangeItem(OFFER_LINK_STATUSES);

// ---------------------------------------------------------------- sieve display settings

/** GET/PUT /offers/sieve-display-settings: the sieve columns the current user shows per table */
export const sieveDisplaySettingsBody = z.object({ data: sieveDisplaySettingsSchema });
