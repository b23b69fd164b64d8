/**
 * The lead API (product §7 "lead creation via a lead API", architecture §5 Lead): what an affiliate posts to
 * `POST /api/v1/leads` and what it answers. The vertical's own incoming parameters and inbound rules are checked by
 * the server on top of this shape.
 */
import { z } from 'zod';
import { API_LEAD_STATUSES, MAX_PAGE_SIZE } from '../constants';
import { isValidZone } from '../settings/reference';
import { zId } from '../validation';
import { filterOptionSchema, itemsOf, listQuerySchema, type FilterOption } from '../common';
import { csvEnum, csvIds } from '../settings/tags';

export type ApiLeadStatus = (typeof API_LEAD_STATUSES)[number];
/** the largest value of one lead field and the most custom fields a lead may carry */
export const LEAD_FIELD_MAX = 1000;
export const LEAD_CUSTOM_FIELDS_MAX = 50;
/** a distribution run holds its lead this long at most (then a retry job may take it over) */
export const LEAD_LEASE_SECONDS = 120;
/** an unsent lead is retried after these delays (seconds), then it is failed */
export const LEAD_RETRY_DELAYS = [60, 300, 900, 3600, 10800] as const;

const m = (message: string) => ({ message });
const field = (max = 200) =>
  z
    .string(m('required'))
    .trim()
    .max(max, m('maxlength'))
    .optional()
    .transform((v) => (v === '' ? undefined : v));
const sub = () => field(255);

export const leadIntakeSchema = z
  .object({
    // the descriptions reach the OpenAPI document, and from it the affiliates' integration guide (integration-guide)
    offerId: zId()
      .optional()
      .describe('The offer (one you see). Give the offer, your campaign (`campaignId` or `campaignKey`) or the visitor’s `clickId`'),
    campaignId: zId().optional().describe('Your campaign by id (it names the offer)'),
    campaignKey: z.string().trim().max(32, m('maxlength')).optional().describe('Your campaign by its key, as in its tracking link'),
    clickId: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, m('pattern'))
      .optional()
      .describe('The visitor’s click (the `{click_id}` macro of your lander URL): links the lead to the click’s campaign and subs'),
    firstName: field().describe('First name'),
    lastName: field().describe('Last name'),
    phone: field(50).describe('Phone, international format preferred (+48 601 234 567)'),
    email: field(254).describe('E-mail address'),
    country: field(2).describe('Country, ISO 3166-1 alpha-2 code (PL)'),
    language: field(8).describe('Language, ISO 639-1 code (pl)'),
    ip: field(45).describe('The visitor’s IP address (IPv4 or IPv6)'),
    landing: field(2048).describe('The page the visitor filled the form on'),
    sourceUrl: field(2048).describe('Where the visitor came from'),
    userAgent: field(1000).describe('The visitor’s browser user agent'),
    sub1: sub().describe('Your sub id 1 (returned in postbacks as `{sub1}`)'),
    sub2: sub().describe('Your sub id 2'),
    sub3: sub().describe('Your sub id 3'),
    sub4: sub().describe('Your sub id 4'),
    sub5: sub().describe('Your sub id 5'),
    sub6: sub().describe('Your sub id 6'),
    sub7: sub().describe('Your sub id 7'),
    sub8: sub().describe('Your sub id 8'),
    sub9: sub().describe('Your sub id 9'),
    test: z.boolean(m('required')).optional().describe('A test lead: kept with status `test` and never sent to an advertiser'),
    fields: z
      .record(z.string().max(100), z.union([z.string().max(LEAD_FIELD_MAX, m('maxlength')), z.number(), z.boolean(), z.null()]))
      .refine((r) => Object.keys(r).length <= LEAD_CUSTOM_FIELDS_MAX, m('noMore'))
      .optional()
      .describe('The vertical’s own parameters of the offer, by name'),
  })
  .superRefine((x, ctx) => {
    if (!x.offerId && !x.campaignId && !x.campaignKey && !x.clickId)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['offerId'] });
  });
export type LeadIntake = z.infer<typeof leadIntakeSchema>;
export type LeadIntakeInput = z.input<typeof leadIntakeSchema>;

export const leadIntakeAnswerSchema = z.object({
  id: z.number().int().describe('The lead’s id (the `{lead_id}` macro)'),
  status: z.enum(API_LEAD_STATUSES).describe('The lead’s status after its first distribution run'),
  reason: z.string().nullable().describe('Why the lead is invalid, duplicate, unsent or failed'),
  redirectUrl: z.string().nullable().describe('Where to send the visitor (your redirect-to-advertiser setting); null when none'),
});
export type LeadIntakeAnswer = z.infer<typeof leadIntakeAnswerSchema>;

/**
 * The lead API's own words in the OpenAPI document (the server's leads routes), and so in the integration guide: the
 * operation's id, summary and description and what each answer code means there. The guide's Russian of these and of
 * the fields above lives in the web's integration-guide locales, whose unit test holds them to this text.
 */
export const LEAD_API_DOC = {
  operationId: 'postLeads',
  summary: 'Post a lead (lead API)',
  description:
    'Validates the lead against the vertical of the offer, stores it and distributes it to the first advertiser that accepts it. ' +
    'Authenticate with the affiliate API token (`X-Api-Key` header or `Authorization: Bearer`). Give the offer (`offerId`), ' +
    'your campaign (`campaignId` or `campaignKey`) or the visitor’s `clickId`.',
  responses: {
    200: 'The lead is stored (any 2xx means it is): its id, its status and where to send the visitor',
    400: 'Invalid lead, nothing stored: `errors` names each field in error (`loc`) and why (`msg`, `type`) — a missing or malformed value, an unknown campaign or click, a parameter the vertical requires',
    401: 'No valid API token: the `X-Api-Key` header (or `Authorization: Bearer`) is missing, wrong or revoked',
    403: 'The token may not post this lead: the offer is not open to you, your traffic is blocked, or the token is not an affiliate’s',
    413: 'The request body is larger than 1 MB',
    415: 'The body is not JSON: send `Content-Type: application/json`',
    422: 'The lead is refused by a rule, nothing stored: the offer or campaign is not active, a rule of the vertical rejects it (`message` says which), or the vertical takes no test leads',
  },
} as const;

/* ------------------------------------------------------------------------------------------------------------------
 * The /leads screen (product §3 Lead, §4 lead actions, §7 leads, §8 mass grade messages, §9 page size 25).
 * Staff read every field; an affiliate reads its own leads without the advertiser, the advertisers pool, the
 * advertiser data or the delivery internals (those keys are left out of its answers).
 * ------------------------------------------------------------------------------------------------------------------ */

/** a calendar day `yyyy-MM-dd`, read in the query's `timezone` */
const zQueryDay = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m('pattern'));
const zQuerySecondsValue = () => z.coerce.number(m('number')).int(m('number')).min(0, m('min')).max(253402300799, m('noMore'));
const csvStrings = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(max, m('maxlength'))).max(MAX_PAGE_SIZE, m('noMore')));
const zQueryTimezone = () =>
  z
    .string()
    .trim()
    .max(64, m('maxlength'))
    .transform((v) => v.split(' (')[0].trim())
    .refine((v) => v === '' || isValidZone(v), m('pattern'));

/** the filters of the list, the dependent filters and the export (everything but paging and ordering) */
export const leadFilterFields = {
  /** IANA zone (or 'Zone (offset)') the day range is read in; default the user's time zone */
  timezone: zQueryTimezone().optional(),
  /** creation days, inclusive, in `timezone` */
  dateFrom: zQueryDay().optional(),
  dateTo: zQueryDay().optional(),
  /** creation time range in seconds (from inclusive, to exclusive); combined with the day range when both are given */
  from: zQuerySecondsValue().optional(),
  to: zQuerySecondsValue().optional(),
  offerId: csvIds().optional(),
  affiliateId: csvIds().optional(),
  /** staff only (ignored for affiliates) */
  advertiserId: csvIds().optional(),
  campaignId: csvIds().optional(),
  verticalId: csvIds().optional(),
  /** ISO country codes */
  country: csvStrings(2).optional(),
  /** lead grade keys; `none` matches leads without a grade */
  leadGrade: csvStrings(100).optional(),
  sub1: z.string().trim().max(255, m('maxlength')).optional(),
  sub2: z.string().trim().max(255, m('maxlength')).optional(),
  sub3: z.string().trim().max(255, m('maxlength')).optional(),
  sub4: z.string().trim().max(255, m('maxlength')).optional(),
  sub5: z.string().trim().max(255, m('maxlength')).optional(),
  sub6: z.string().trim().max(255, m('maxlength')).optional(),
  sub7: z.string().trim().max(255, m('maxlength')).optional(),
  sub8: z.string().trim().max(255, m('maxlength')).optional(),
  sub9: z.string().trim().max(255, m('maxlength')).optional(),
};

/**
 * `GET /leads`: `status` (csv of API lead statuses), the filters above, `search` (a lead id, a phone, an e-mail or a
 * name), `orderBy` createdAt|id|updatedAt|status (default createdAt:desc), `limit` (25) / `offset`, `withMeta=1` for the
 * total count.
 */
export const leadListQuery = listQuerySchema.extend(leadFilterFields);
export type LeadListQuery = z.input<typeof leadListQuery>;
export type LeadListFilters = z.infer<typeof leadListQuery>;
export const LEAD_LIST_ORDER_FIELDS = ['createdAt', 'id', 'updatedAt', 'status'] as const;

export const leadRefSchema = z.object({ id: z.number().int(), title: z.string() });
export const leadPersonRefSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type LeadRef = z.infer<typeof leadRefSchema>;
export type LeadPersonRef = z.infer<typeof leadPersonRefSchema>;

/** one advertiser tried by the distribution, in order (staff only) */
export const leadPoolEntrySchema = z.record(z.string(), z.unknown());

export const leadListItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  status: z.enum(API_LEAD_STATUSES),
  /** why the lead is invalid, duplicate, unsent or failed (for affiliates: only invalid and duplicate reasons) */
  statusReason: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  ip: z.string().nullable(),
  offer: leadRefSchema,
  vertical: leadRefSchema,
  campaign: leadRefSchema.nullable(),
  affiliate: leadPersonRefSchema,
  /** the lead grade key and its title in the vertical (the key when the vertical no longer has it) */
  leadGrade: z.string().nullable(),
  leadGradeTitle: z.string().nullable(),
  redirectStatus: z.string().nullable(),
  clickId: z.string().nullable(),
  isTest: z.boolean(),
  sentAt: z.number().int().nullable(),
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  sub4: z.string().nullable(),
  sub5: z.string().nullable(),
  sub6: z.string().nullable(),
  sub7: z.string().nullable(),
  sub8: z.string().nullable(),
  sub9: z.string().nullable(),
  /** staff only: the advertiser that took the lead, its lead id there, the pool tried and the delivery state */
  advertiser: leadRefSchema.nullable().optional(),
  advertiserLeadId: z.string().nullable().optional(),
  integrationId: z.number().int().nullable().optional(),
  advertisersPool: z.array(leadPoolEntrySchema).optional(),
  deliveryAttempts: z.number().int().optional(),
  nextAttemptAt: z.number().int().nullable().optional(),
  duplicateOf: z.number().int().nullable().optional(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

/** `meta.totals` of the lead list (with `meta`): how many leads of the whole filter are in each status */
export const leadTotalsSchema = z.object({
  count: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
});
export type LeadTotals = z.infer<typeof leadTotalsSchema>;

export const LEAD_ACTIONS = ['resend', 'trash', 'grade'] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];
/** the statuses a lead may be resent from (sent, new, hold and test leads are not resent) */
export const LEAD_RESEND_STATUSES = ['failed', 'unsent', 'trash', 'invalid', 'duplicate'] as const;
/** the statuses a lead may be sent to trash from (every status but trash itself and test) */
export const LEAD_TRASH_STATUSES = ['new', 'hold', 'invalid', 'sent', 'unsent', 'failed', 'duplicate'] as const;

/** `GET /leads/:id`: the lead for editing / detail */
export const leadDetailSchema = leadListItemSchema.extend({
  landing: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** the vertical's custom incoming parameters */
  fields: z.record(z.string(), z.unknown()),
  lander: leadRefSchema.nullable(),
  redirectUrl: z.string().nullable(),
  holdUntil: z.number().int().nullable(),
  /** the grades of the lead's vertical (choices for the grade action) */
  leadGrades: z.array(z.object({ key: z.string(), title: z.string() })),
  /** what the current user may do with this lead now */
  actions: z.array(z.enum(LEAD_ACTIONS)),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** `GET /leads/:id/history`: lead_events, oldest first */
export const leadHistoryItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  /** created, sent, unsent, failed, hold, released, postback, resend, trash, grade, … */
  type: z.string(),
  /** what changed (e.g. from/to status, leadGrade from/to, reason); advertiser keys left out for affiliates */
  data: z.record(z.string(), z.unknown()),
  /** who did it; null for the system (and always null for affiliates) */
  user: leadPersonRefSchema.nullable(),
});
export type LeadHistoryItem = z.infer<typeof leadHistoryItemSchema>;

/** `GET /leads/:id/advertiser-data` (staff only): each attempt to send the lead to an advertiser, oldest first */
export const leadAdvertiserDataItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  advertiser: leadRefSchema,
  integrationId: z.number().int(),
  /** accepted, rejected, error, timeout */
  result: z.string(),
  /** the request as sent: method, url, headers, body */
  request: z.record(z.string(), z.unknown()),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  advertiserLeadId: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type LeadAdvertiserDataItem = z.infer<typeof leadAdvertiserDataItemSchema>;

/**
 * `PATCH /leads {items:[{id, action, leadGrade?}]}`: resend, send to trash or change the lead grade, one or many.
 * A grade change needs `leadGrade` (a key of the vertical's lead grades); a mass grade change needs every lead in one
 * vertical (else 400).
 */
export const leadActionItemSchema = z
  .object({
    id: zId(),
    action: z.enum(LEAD_ACTIONS, m('pattern')),
    leadGrade: z.string(m('required')).trim().min(1, m('required')).max(100, m('maxlength')).optional(),
  })
  .superRefine((x, ctx) => {
    if (x.action === 'grade' && !x.leadGrade) ctx.addIssue({ code: 'custom', message: 'required', path: ['leadGrade'] });
  });
export type LeadActionItem = z.infer<typeof leadActionItemSchema>;
export const leadActionsBody = itemsOf(leadActionItemSchema);
export type LeadActionsBody = z.input<typeof leadActionsBody>;

/**
 * The answer of `PATCH /leads` (product §8): `outcome` none (nothing applied), all (everything applied) or partial (some
 * applied, some failed); `applied` the ids changed, `failed` the ids left as they were with the reason. The envelope's
 * `message` says the same in words.
 */
export const leadActionsAnswerSchema = z.object({
  outcome: z.enum(['none', 'all', 'partial']),
  applied: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type LeadActionsAnswer = z.infer<typeof leadActionsAnswerSchema>;

/** the dependent filters of the list: `GET /leads/filters?filterSlug=…` */
export const LEAD_FILTER_SLUGS = [
  'offers',
  'affiliates',
  'advertisers',
  'campaigns',
  'verticals',
  'countries',
  'statuses',
  'leadGrades',
] as const;
export type LeadFilterSlug = (typeof LEAD_FILTER_SLUGS)[number];

/**
 * The query of a list's dependent filters (`GET /leads|conversions/filters`): the values of one filter (`slugs`)
 * present in the rows the user may read, narrowed by the other filters given (`fields`, `status` among `statuses`;
 * the slug's own filter is ignored) and by `search` on the label; `limit` (default 25, at most 100).
 */
export const dependentFiltersQuery = <
  Slugs extends readonly [string, ...string[]],
  Statuses extends readonly [string, ...string[]],
  Fields extends z.ZodRawShape,
>(
  slugs: Slugs,
  statuses: Statuses,
  fields: Fields,
) =>
  z.object({
    filterSlug: z.enum(slugs, m('pattern')),
    search: z.string().trim().max(200, m('maxlength')).optional(),
    limit: z.coerce.number(m('number')).int(m('number')).min(1, m('min')).max(100, m('noMore')).default(25),
    status: csvEnum(statuses).optional(),
    ...fields,
  });

/** `GET /leads/filters`: the values of one filter present in the leads the user may read */
export const leadFiltersQuery = dependentFiltersQuery(LEAD_FILTER_SLUGS, API_LEAD_STATUSES, leadFilterFields);
export type LeadFiltersQuery = z.input<typeof leadFiltersQuery>;

export const leadFilterOptionSchema = filterOptionSchema;
export type LeadFilterOption = FilterOption;
export const leadFiltersAnswerSchema = z.object({ items: z.array(leadFilterOptionSchema) });
