/**
 * Campaigns (product §3 Campaign, §4, §7, §8): one affiliate's tracking link for one offer, `https://<host>/c/<key>`.
 * The target-URL settings say where the click engine sends a visitor of the link: to one of the campaign's
 * landers (rotation by sieve and weight) or to a fixed URL, and which click values it passes on.
 */
import { z } from 'zod';
import { ISO_COUNTRY_CODES } from '../settings/reference';
import { zId, zReason, zTitle, URL_RE } from '../validation';
import { listQuerySchema } from '../common';
import { csvIds, lookupQuery, PICKER_LIMIT } from '../settings/tags';
import { personRefSchema, teamRefSchema } from '../people/people';
import { CAMPAIGN_STATUSES } from './sieves';
import { INTEGRATION_METHODS } from '../sell-side/sell-side';
import { DEFAULT_TARGET_URL_SETTINGS, SUB_PARAMS, unknownClickMacro } from '../engine/campaign-links';

// the click-time constants live in traffic/campaign-links (no zod: the web's campaign list takes them without these
// schemas); they stay importable from here
export {
  CLICK_MACRO_NAMES,
  CLICK_MACROS_CATALOGUE,
  DEFAULT_TARGET_URL_SETTINGS,
  SUB_PARAMS,
  unknownClickMacro,
} from '../engine/campaign-links';

const m = (message: string) => ({ message });

// ---------------------------------------------------------------- constants

/** statuses a user may ask for; `offer_revoked` is set by the system only (when the affiliate loses the offer) */
export const CAMPAIGN_SETTABLE_STATUSES = ['active', 'inactive', 'blocked', 'deleted'] as const;
/** where the click engine sends a visitor: the campaign's landers (by sieve and weight), or one fixed URL */
export const TARGET_URL_MODES = ['landers', 'url'] as const;
export type TargetUrlMode = (typeof TARGET_URL_MODES)[number];
/** the key in `/c/<key>`: URL-safe random characters */
export const CAMPAIGN_KEY_LENGTH = 12;
export const CAMPAIGN_KEY_RE = /^[A-Za-z0-9_-]{12,32}$/;
/** extra parameters appended to the target URL */
export const TARGET_URL_PARAMS_MAX = 20;
/** product §8: notices shown by the campaign form after a save (the campaign is saved all the same) */
export const CAMPAIGN_NOTICE_TYPES = ['traffic_blocked_affiliate', 'traffic_blocked_admin', 'no_offer_access'] as const;
export type CampaignNoticeType = (typeof CAMPAIGN_NOTICE_TYPES)[number];

// ---------------------------------------------------------------- target URL settings

const paramName = () =>
  z
    .string(m('required'))
    .trim()
    .min(1, m('required'))
    .max(100, m('maxlength'))
    .regex(/^[A-Za-z0-9_.\-[\]]+$/, m('pattern'));
const macroText = (max: number) =>
  z
    .string(m('maxlength'))
    .max(max, m('maxlength'))
    .superRefine((v, ctx) => {
      const bad = unknownClickMacro(v);
      if (bad) ctx.addIssue({ code: 'custom', message: 'pattern' });
    });

export const targetUrlParamSchema = z.object({ name: paramName(), value: macroText(500) });
export type TargetUrlParam = z.infer<typeof targetUrlParamSchema>;

/**
 * What the click engine does with a click of the campaign:
 * - `mode: 'landers'`: redirect to one of the campaign's landers (all active landers of the offer when the
 *   campaign names none), chosen by the landers' sieves and weights; `url` is null;
 * - `mode: 'url'`: redirect to `url` (http or https; macros of CLICK_MACRO_NAMES are substituted, URL-encoded;
 *   any other `{...}` is refused with the message key `pattern`, and `unknownClickMacro` names it);
 * - `passSubs`: sub1..sub9 received on the click are appended to the target URL as they came (when the target
 *   does not already set them);
 * - `passQuery`: every other query parameter of the click is appended too;
 * - `params`: extra `name=value` pairs appended to the target URL, values with macros.
 */
export const targetUrlSettingsSchema = z
  .object({
    mode: z.enum(TARGET_URL_MODES, m('required')).default('landers'),
    url: z
      .string(m('url'))
      .trim()
      .max(2048, m('maxlength'))
      .nullable()
      .default(null)
      .transform((v) => (v === '' ? null : v)),
    passSubs: z.boolean(m('required')).default(true),
    passQuery: z.boolean(m('required')).default(false),
    params: z
      .array(targetUrlParamSchema)
      .max(TARGET_URL_PARAMS_MAX, m('noMore'))
      .default([])
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((p, i) => {
          if (seen.has(p.name)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, 'name'] });
          seen.add(p.name);
        });
      }),
  })
  .superRefine((x, ctx) => {
    if (x.mode === 'url') {
      if (!x.url) ctx.addIssue({ code: 'custom', message: 'required', path: ['url'] });
      else if (!URL_RE.test(x.url)) ctx.addIssue({ code: 'custom', message: 'url', path: ['url'] });
      else {
        const bad = unknownClickMacro(x.url);
        if (bad) ctx.addIssue({ code: 'custom', message: 'pattern', path: ['url'] });
      }
    }
  })
  // a form switching back to landers may still hold the URL it had: it is dropped, not refused
  .transform((x) => (x.mode === 'landers' ? { ...x, url: null } : x));
export type TargetUrlSettings = z.infer<typeof targetUrlSettingsSchema>;
export type TargetUrlSettingsInput = z.input<typeof targetUrlSettingsSchema>;
// the defaults of traffic/campaign-links are settings of this shape (a type check, nothing at run time)
DEFAULT_TARGET_URL_SETTINGS satisfies TargetUrlSettings;

/** the settings as answered (the stored, already checked shape) */
export const targetUrlSettingsViewSchema = z.object({
  mode: z.enum(TARGET_URL_MODES),
  url: z.string().nullable(),
  passSubs: z.boolean(),
  passQuery: z.boolean(),
  params: z.array(z.object({ name: z.string(), value: z.string() })),
});

/** `GET /campaigns/target-url-settings`: what the form offers */
export const targetUrlOptionsSchema = z.object({
  modes: z.array(z.enum(TARGET_URL_MODES)),
  macros: z.array(z.object({ name: z.string(), group: z.string(), description: z.string() })),
  subParams: z.array(z.string()),
  paramsMax: z.number().int(),
  defaults: targetUrlSettingsViewSchema,
});
export type TargetUrlOptions = z.infer<typeof targetUrlOptionsSchema>;

// ---------------------------------------------------------------- views

const ref = z.object({ id: z.number().int(), title: z.string() });
const refWithStatus = ref.extend({ status: z.string() });

export const campaignNoticeSchema = z.object({ type: z.enum(CAMPAIGN_NOTICE_TYPES), message: z.string() });
export type CampaignNotice = z.infer<typeof campaignNoticeSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  statusChangedAt: z.number().int().nullable(),
  statusChangedBy: personRefSchema.nullable(),
  blockReason: z.string().nullable(),
  affiliate: personRefSchema,
  /** the affiliate's team */
  team: teamRefSchema.nullable(),
  offer: refWithStatus,
  integrationMethod: z.enum(INTEGRATION_METHODS),
  countries: z.array(z.string()),
  domain: z.object({ id: z.number().int(), host: z.string(), status: z.string() }).nullable(),
  landers: z.array(refWithStatus),
  trafficSource: refWithStatus.nullable(),
  postbacks: z.array(z.object({ id: z.number().int(), title: z.string(), url: z.string(), status: z.string() })),
  targetUrlSettings: targetUrlSettingsViewSchema,
  /** `https://<parked host or the main host>/c/<key>?sub1={sub1}…` */
  trackingUrl: z.string(),
  autocreated: z.boolean(),
  createdAt: z.number().int(),
  createdBy: personRefSchema.nullable(),
  updatedAt: z.number().int(),
  /** the campaign's leads of all time, test leads aside */
  leadCount: z.number().int(),
  /** its conversions (rejected aside) since the start of the viewer's day, week (Monday) and month */
  conversionCounts: z.object({ day: z.number().int(), week: z.number().int(), month: z.number().int() }),
  /** product §8 notices: answered by GET by id, create and edit (not by lists) */
  notices: z.array(campaignNoticeSchema).optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;

// ---------------------------------------------------------------- writes

const uniqueIds = () =>
  z
    .array(zId())
    .max(500, m('noMore'))
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((v, i) => {
        if (seen.has(v)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i] });
        seen.add(v);
      });
    });
const COUNTRY_SET: ReadonlySet<string> = new Set(ISO_COUNTRY_CODES);
const countryList = () =>
  z
    .array(
      z
        .string(m('pattern'))
        .trim()
        .toUpperCase()
        .refine((v) => COUNTRY_SET.has(v), m('pattern')),
    )
    .max(300, m('noMore'))
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((v, i) => {
        if (seen.has(v)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i] });
        seen.add(v);
      });
    });

const editable = {
  title: zTitle(),
  /** must equal the offer's own integration method (the default) */
  integrationMethod: z.enum(INTEGRATION_METHODS, m('pattern')),
  /** a subset of the offer's geos when the offer has geos; empty = every country the offer takes */
  countries: countryList(),
  /** an active parked domain of type `track`; null = the main host */
  domainId: zId().nullable(),
  /** active landers of the campaign's offer; empty = every active lander of the offer */
  landerIds: uniqueIds(),
  trafficSourceId: zId().nullable(),
  /** the affiliate's own postbacks */
  postbackIds: uniqueIds(),
  targetUrlSettings: targetUrlSettingsSchema,
};

export const campaignCreate = z.object({
  title: editable.title,
  /** affiliates: themselves (the default); staff: required, an affiliate user */
  affiliateId: zId().optional(),
  offerId: zId(),
  integrationMethod: editable.integrationMethod.optional(),
  countries: editable.countries.default([]),
  domainId: editable.domainId.default(null),
  landerIds: editable.landerIds.default([]),
  trafficSourceId: editable.trafficSourceId.default(null),
  postbackIds: editable.postbackIds.default([]),
  targetUrlSettings: editable.targetUrlSettings.default(DEFAULT_TARGET_URL_SETTINGS),
  status: z.enum(['active', 'inactive'], m('pattern')).default('active'),
});
export type CampaignCreate = z.input<typeof campaignCreate>;

/** The affiliate and the offer of a campaign never change: sending the current ones back is accepted. */
export const campaignUpdate = z.object({
  id: zId(),
  title: editable.title.optional(),
  affiliateId: zId().optional(),
  offerId: zId().optional(),
  integrationMethod: editable.integrationMethod.optional(),
  countries: editable.countries.optional(),
  domainId: editable.domainId.optional(),
  landerIds: editable.landerIds.optional(),
  trafficSourceId: editable.trafficSourceId.optional(),
  postbackIds: editable.postbackIds.optional(),
  targetUrlSettings: editable.targetUrlSettings.optional(),
});
export type CampaignUpdate = z.input<typeof campaignUpdate>;

/** `blocked` needs `campaign.block` and a reason; `offer_revoked` is refused (the system sets it) */
export const campaignStatusItem = z
  .object({ id: zId(), status: z.enum(CAMPAIGN_STATUSES, m('required')), reason: zReason().optional() })
  .superRefine((x, ctx) => {
    if (x.status === 'blocked' && !x.reason) ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
  });
export type CampaignStatusItem = z.input<typeof campaignStatusItem>;
export const campaignCloneItem = z.object({ id: zId() });

/**
 * `POST /campaigns/:id/test-link` (staff only): the campaign's tracking link signed for a test click (no geo nor bot
 * check, marked as a test in Clicks, not counted in statistics), valid for an hour, with the subs to try.
 */
export const campaignTestLinkBody = z
  .object({
    subs: z
      .object(
        Object.fromEntries(SUB_PARAMS.map((s) => [s, z.string().max(255).optional()])) as Record<
          (typeof SUB_PARAMS)[number],
          z.ZodOptional<z.ZodString>
        >,
      )
      .strict()
      .optional(),
  })
  .strict();
export const campaignTestLinkSchema = z.object({
  url: z.string(),
  /** seconds: the link stops making test clicks then */
  expiresAt: z.number().int(),
});
export type CampaignTestLink = z.infer<typeof campaignTestLinkSchema>;

// ---------------------------------------------------------------- queries

export const campaignListQuery = listQuerySchema.extend({
  affiliateId: csvIds().optional(),
  offerId: csvIds().optional(),
  teamId: csvIds().optional(),
  /** campaigns naming any of these countries */
  countries: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim().toUpperCase()).filter(Boolean))
    .pipe(z.array(z.string().refine((v) => COUNTRY_SET.has(v), m('pattern'))).max(300, m('noMore')))
    .optional(),
  domainId: csvIds().optional(),
  trafficSourceId: csvIds().optional(),
});
export type CampaignListQuery = z.input<typeof campaignListQuery>;

/** look-ups: a server search (title, id, key) or the chosen ids; `anyStatus=1` includes every status */
export const campaignLookupQuery = lookupQuery(PICKER_LIMIT).extend({
  anyStatus: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  affiliateId: csvIds().optional(),
  offerId: csvIds().optional(),
});
export type CampaignLookupQuery = z.input<typeof campaignLookupQuery>;

export const campaignRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  key: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
});
export type CampaignRef = z.infer<typeof campaignRefSchema>;

/** `GET /campaigns/for-lead-editing` */
export const campaignLeadEditingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  affiliate: personRefSchema,
  offer: ref,
});
export type CampaignLeadEditing = z.infer<typeof campaignLeadEditingSchema>;
