/**
 * The sell side (advertisers issue): verticals, platforms, integration templates, advertisers and integrations,
 * with the integration sections the traffic engine executes (apiParameters, outApi, postback, apiSync,
 * leadStatusMappings, redirect, goals).
 */
import { z } from 'zod';
import { ACTIVE_STATUSES, API_LEAD_STATUSES } from '../constants';
import { rules, URL_RE, zDescription, zId, zReason, zTitle } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';
import { authorSchema, csvIds, csvEnum, lookupQuery, PICKER_LIMIT } from '../settings/tags';
import { contactSchema, contactViewSchema } from '../access/users';

// ---------------------------------------------------------------- constants

/** The standard lead fields of product §3 a vertical may accept (custom ones are added per vertical). */
export const STANDARD_LEAD_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'country',
  'language',
  'ip',
  'landing',
  'sourceUrl',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
  'sub6',
  'sub7',
  'sub8',
  'sub9',
] as const;
export const LEAD_FIELD_TYPES = ['string', 'number', 'email', 'phone', 'country', 'language', 'ip', 'url', 'date', 'boolean'] as const;
export const INBOUND_RULE_TYPES = [
  'allowed_countries',
  'blocked_countries',
  'phone_valid_for_country',
  'email_domain_not_in',
  'allowed_languages',
  'required_fields',
] as const;
/** what happens to a lead that fails an inbound rule */
export const INBOUND_RULE_OUTCOMES = ['invalid', 'rejected'] as const;
export const INTEGRATION_METHODS = ['api', 'postback', 'redirect', 'api_sync'] as const;
export type IntegrationMethod = (typeof INTEGRATION_METHODS)[number];
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH'] as const;
export const BODY_FORMATS = ['json', 'form', 'query'] as const;
/** where a mapped value comes from: a lead field, a fixed text, a macro of the send, or an API parameter */
export const MAPPING_SOURCES = ['lead', 'constant', 'macro', 'parameter'] as const;
/** macros of an outbound send: `{{macro.<name>}}` in URLs, headers and constants, or a mapping of source 'macro' */
export const OUT_API_MACROS = ['leadId', 'clickId', 'timestamp', 'isoDate', 'uuid', 'offerId', 'affiliateId'] as const;
/** redirect methods: the autologin URL of the advertiser's answer, the advertiser's redirect template, or none */
export const REDIRECT_METHODS = ['autologin', 'redirect_template', 'none'] as const;
export const ADVERTISER_STATUSES = ['active', 'blocked'] as const;
export const SELL_SIDE_STATUSES = ACTIVE_STATUSES;
export const API_SYNC_STATUSES = ['idle', 'running', 'ok', 'failed'] as const;
export const CONVERSION_STATUS_VALUES = [1, 2, 3, 4] as const;
export const OUT_API_TIMEOUT = { min: 500, max: 60_000, default: 10_000 } as const;
export const API_SYNC_MIN_INTERVAL = 60;
export const COOKIE_STORAGE_MAX_SECONDS = 31_536_000;

// ---------------------------------------------------------------- shared pieces

const m = (message: string) => ({ message });
const zName = () => z.string(m('required')).trim().min(1, m('required')).max(100, m('maxlength'));
const zKey = () => zName().regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, m('pattern'));
const zText = (max = 2000) => z.string(m('maxlength')).max(max, m('maxlength'));
/** a JSON path in an answer: dotted keys and array indexes (`data.items.0.id`) */
const zJsonPath = () =>
  z
    .string(m('pattern'))
    .trim()
    .max(200, m('maxlength'))
    .regex(/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/, m('pattern'));
const optionalPath = () =>
  zJsonPath()
    .optional()
    .or(z.literal('').transform(() => undefined));
/**
 * An outbound URL: http(s), or starting with an API parameter placeholder (`{{baseUrl}}/leads`) whose value is an
 * http(s) URL — the resolved URL is checked again when the call is made.
 */
export const zCallUrl = () =>
  z
    .string(m('url'))
    .trim()
    .max(2048, m('maxlength'))
    .refine((v) => URL_RE.test(v) || /^\{\{[A-Za-z_][A-Za-z0-9_]*\}\}\S*$/.test(v), m('url'));
/** `{{name}}` placeholders in a text */
export function findPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g)].map((x) => x[1]);
}
/** the items of a list must be unique by a key: the duplicates are reported on that key */
function uniqueBy<T>(key: (x: T) => string, field: string) {
  return (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      const k = key(x).toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, field] });
      seen.add(k);
    });
  };
}
const headerSchema = z.object({ name: zName().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, m('pattern')), value: zText() });

/** an IP address or a CIDR block (v4 or v6) */
export function isIpOrCidr(v: string): boolean {
  const [ip, bits, ...rest] = v.split('/');
  if (rest.length || rules.ip(ip) !== true || !ip) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (ip.includes(':') ? 128 : 32);
}

// ---------------------------------------------------------------- integration sections

export const apiParameterSchema = z.object({
  name: zKey(),
  title: zText(200).default(''),
  value: zText(),
  /** secrets are masked in answers to readers and in recorded requests */
  secret: z.boolean().default(false),
});
export const apiParametersSection = z
  .array(apiParameterSchema)
  .max(100)
  .superRefine(uniqueBy((x) => x.name, 'name'));
export type ApiParameter = z.infer<typeof apiParameterSchema>;

export const fieldMappingSchema = z
  .object({
    /** the advertiser's parameter name */
    target: zName(),
    source: z.enum(MAPPING_SOURCES, m('required')),
    /** lead field name, constant text, macro name or API parameter name */
    value: zText(),
  })
  .superRefine((x, ctx) => {
    if (x.source === 'macro' && !(OUT_API_MACROS as readonly string[]).includes(x.value))
      ctx.addIssue({ code: 'custom', message: 'pattern', path: ['value'] });
    if ((x.source === 'lead' || x.source === 'parameter') && !x.value.trim())
      ctx.addIssue({ code: 'custom', message: 'required', path: ['value'] });
  });
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

export const responseMappingSchema = z.object({
  /** HTTP statuses that mean success (empty: any 2xx) */
  successStatuses: z
    .array(z.number(m('number')).int(m('number')).min(100, m('minMax')).max(599, m('minMax')))
    .max(20)
    .default([]),
  /** and/or a value at a JSON path (compared as text) */
  successPath: optionalPath(),
  successValue: zText(200).optional(),
  leadIdPath: optionalPath(),
  redirectUrlPath: optionalPath(),
  errorPath: optionalPath(),
});
export type ResponseMapping = z.infer<typeof responseMappingSchema>;

const requestShape = {
  method: z.enum(HTTP_METHODS, m('required')).default('POST'),
  url: zCallUrl(),
  headers: z.array(headerSchema).max(50).default([]),
  bodyFormat: z.enum(BODY_FORMATS, m('required')).default('json'),
};

export const outApiSection = z.object({
  ...requestShape,
  fieldMappings: z
    .array(fieldMappingSchema)
    .max(200)
    .default([])
    .superRefine(uniqueBy((x) => x.target, 'target')),
  timeoutMs: z
    .number(m('number'))
    .int(m('number'))
    .min(OUT_API_TIMEOUT.min, m('minMax'))
    .max(OUT_API_TIMEOUT.max, m('minMax'))
    .default(OUT_API_TIMEOUT.default),
  response: responseMappingSchema.default({ successStatuses: [] }),
});
export type OutApi = z.infer<typeof outApiSection>;

const paramName = (fallback: string) => zKey().default(fallback);
export const postbackSection = z.object({
  clickIdParam: paramName('click_id'),
  leadIdParam: paramName('lead_id'),
  statusParam: paramName('status'),
  goalParam: paramName('goal'),
  payoutParam: paramName('payout'),
  currencyParam: paramName('currency'),
  eventIdParam: paramName('event_id'),
  /** when set, postbacks from other addresses are refused */
  ipAllowList: z
    .array(z.string(m('ip')).trim().refine(isIpOrCidr, m('ip')))
    .max(100)
    .default([]),
  /** when set, the postback must carry `secure_code=<value>` */
  secureCode: z
    .string()
    .trim()
    .max(100, m('maxlength'))
    .regex(/^[A-Za-z0-9_-]*$/, m('onlyLettersAndNumber'))
    .default(''),
});
export type Postback = z.infer<typeof postbackSection>;

export const apiSyncSection = z.object({
  enabled: z.boolean().default(false),
  request: z.object({
    ...requestShape,
    params: z
      .array(z.object({ name: zName(), value: zText() }))
      .max(50)
      .default([]),
  }),
  intervalSeconds: z
    .number(m('number'))
    .int(m('number'))
    .min(API_SYNC_MIN_INTERVAL, m('min'))
    .max(86_400 * 7, m('noMore'))
    .default(600),
  response: z.object({
    /** the list of leads in the answer (empty: the answer itself is the list) */
    itemsPath: optionalPath(),
    leadIdPath: zJsonPath(),
    statusPath: zJsonPath(),
  }),
});
export type ApiSync = z.infer<typeof apiSyncSection>;

export const leadStatusMappingSchema = z.object({
  advertiserStatus: zName(),
  leadStatus: z.enum(API_LEAD_STATUSES, m('required')),
  conversionStatus: z.union(
    CONVERSION_STATUS_VALUES.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>],
    m('required'),
  ),
  leadGrade: zKey().optional().nullable(),
});
export const leadStatusMappingsSection = z
  .array(leadStatusMappingSchema)
  .max(200)
  .superRefine(uniqueBy((x) => x.advertiserStatus, 'advertiserStatus'));
export type LeadStatusMapping = z.infer<typeof leadStatusMappingSchema>;

export const redirectSection = z
  .object({
    method: z.enum(REDIRECT_METHODS, m('required')).default('autologin'),
    /** with method redirect_template: the URL the visitor is sent to (lead macros allowed) */
    template: zCallUrl()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    options: z
      .object({ appendQuery: z.boolean().default(false), openInNewTab: z.boolean().default(false) })
      .default({ appendQuery: false, openInNewTab: false }),
    cookieStorageSeconds: z.number(m('number')).int(m('number')).min(0, m('min')).max(COOKIE_STORAGE_MAX_SECONDS, m('noMore')).default(0),
  })
  .superRefine((x, ctx) => {
    if (x.method === 'redirect_template' && !x.template) ctx.addIssue({ code: 'custom', message: 'required', path: ['template'] });
  });
export type Redirect = z.infer<typeof redirectSection>;

export const goalsSection = z
  .array(zId())
  .max(100)
  .transform((ids) => [...new Set(ids)]);

/** the sections by their edit call name (`POST .../:id/edit_<name>`) */
export const INTEGRATION_SECTIONS = {
  api_parameters: { field: 'apiParameters', schema: apiParametersSection },
  out_api_mappings: { field: 'outApi', schema: outApiSection },
  postback: { field: 'postback', schema: postbackSection },
  api_sync: { field: 'apiSync', schema: apiSyncSection },
  lead_status_mappings: { field: 'leadStatusMappings', schema: leadStatusMappingsSection },
  redirect: { field: 'redirect', schema: redirectSection },
  goals: { field: 'goals', schema: goalsSection },
} as const;
export type IntegrationSectionName = keyof typeof INTEGRATION_SECTIONS;
export const INTEGRATION_SECTION_NAMES = Object.keys(INTEGRATION_SECTIONS) as IntegrationSectionName[];

/** the sections as answered (stored values) */
export const integrationSectionsView = z.object({
  apiParameters: z.array(apiParameterSchema),
  outApi: z.record(z.string(), z.unknown()),
  postback: z.record(z.string(), z.unknown()),
  apiSync: z.record(z.string(), z.unknown()),
  leadStatusMappings: z.array(leadStatusMappingSchema),
  redirect: z.record(z.string(), z.unknown()),
  goals: z.array(z.number().int()),
});

// ---------------------------------------------------------------- verticals

export const incomingParameterSchema = z.object({
  name: zKey(),
  title: zText(200).default(''),
  type: z.enum(LEAD_FIELD_TYPES, m('required')),
  required: z.boolean().default(false),
  validation: z
    .object({
      minLength: z.number().int().min(0).optional(),
      maxLength: z.number().int().min(1).max(10_000).optional(),
      pattern: z
        .string()
        .max(500, m('maxlength'))
        .refine((p) => {
          try {
            new RegExp(p);
            return true;
          } catch {
            return false;
          }
        }, m('pattern'))
        .optional(),
      min: z.number().optional(),
      max: z.number().optional(),
    })
    .default({}),
});
export type IncomingParameter = z.infer<typeof incomingParameterSchema>;
export const incomingParametersSection = z
  .array(incomingParameterSchema)
  .max(200)
  .superRefine(uniqueBy((x) => x.name, 'name'));

export const inboundRuleSchema = z
  .object({
    type: z.enum(INBOUND_RULE_TYPES, m('required')),
    /** countries (ISO alpha-2), languages, e-mail domains or field names, by type */
    values: z
      .array(z.string().trim().min(1, m('required')).max(200, m('maxlength')))
      .max(500)
      .default([]),
    onFail: z.enum(INBOUND_RULE_OUTCOMES, m('required')).default('invalid'),
  })
  .superRefine((x, ctx) => {
    if (x.type !== 'phone_valid_for_country' && x.values.length === 0)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['values'] });
    if (rules.uniqueValues(x.values.map((v) => v.toLowerCase())) !== true)
      ctx.addIssue({ code: 'custom', message: 'unique', path: ['values'] });
  });
export type InboundRule = z.infer<typeof inboundRuleSchema>;
export const inboundRulesSection = z.array(inboundRuleSchema).max(100);

const keyedTitle = z.object({ key: zKey(), title: zTitle() });
export const leadGradesSection = z
  .array(keyedTitle)
  .max(100)
  .superRefine(uniqueBy((x) => x.key, 'key'));
export const leadCategoriesSection = z
  .array(keyedTitle)
  .max(100)
  .superRefine(uniqueBy((x) => x.key, 'key'));
/** the metrics shown for the vertical's statistics, by metric id */
export const verticalMetricsSection = z
  .array(zId())
  .max(100)
  .transform((ids) => [...new Set(ids)]);
export const verticalApiSettingsSection = z.object({
  /** a lead whose phone or e-mail reached this vertical within the window is a duplicate (0: no check) */
  duplicateWindowHours: z
    .number(m('number'))
    .int(m('number'))
    .min(0, m('min'))
    .max(24 * 365, m('noMore'))
    .default(720),
  duplicateFields: z
    .array(z.enum(['phone', 'email']))
    .max(2)
    .default(['phone', 'email']),
  acceptTestLeads: z.boolean().default(true),
});
export const verticalRedirectSection = z.object({
  thankYouPageUrl: z
    .string()
    .trim()
    .max(2048, m('maxlength'))
    .regex(URL_RE, m('url'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  cookieStorageSeconds: z.number(m('number')).int(m('number')).min(0, m('min')).max(COOKIE_STORAGE_MAX_SECONDS, m('noMore')).default(0),
});
export const verticalGoalInput = z.object({ id: zId().optional(), title: zTitle() });
export const verticalGoalsSection = z
  .array(verticalGoalInput)
  .max(100)
  .superRefine(uniqueBy((x) => x.title, 'title'));

export const VERTICAL_SECTIONS = {
  goals: { field: 'goals', schema: verticalGoalsSection },
  incoming_parameters: { field: 'incomingParameters', schema: incomingParametersSection },
  inbound_rules: { field: 'inboundRules', schema: inboundRulesSection },
  lead_grades: { field: 'leadGrades', schema: leadGradesSection },
  lead_categories: { field: 'leadCategories', schema: leadCategoriesSection },
  metrics: { field: 'metrics', schema: verticalMetricsSection },
  api_settings: { field: 'apiSettings', schema: verticalApiSettingsSection },
  redirect: { field: 'redirect', schema: verticalRedirectSection },
} as const;
export type VerticalSectionName = keyof typeof VERTICAL_SECTIONS;
export const VERTICAL_SECTION_NAMES = Object.keys(VERTICAL_SECTIONS) as VerticalSectionName[];

const ref = z.object({ id: z.number().int(), title: z.string() });
export const goalSchema = ref;
export const verticalSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(SELL_SIDE_STATUSES),
  goals: z.array(goalSchema),
  incomingParameters: z.array(incomingParameterSchema),
  inboundRules: z.array(z.record(z.string(), z.unknown())),
  leadGrades: z.array(z.object({ key: z.string(), title: z.string() })),
  leadCategories: z.array(z.object({ key: z.string(), title: z.string() })),
  metrics: z.array(z.number().int()),
  apiSettings: z.record(z.string(), z.unknown()),
  redirect: z.record(z.string(), z.unknown()),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Vertical = z.infer<typeof verticalSchema>;
export const verticalCreate = z.object({
  title: zTitle(),
  description: zDescription().default(''),
  status: z.enum(SELL_SIDE_STATUSES, m('required')).default('active'),
});
export const verticalUpdate = z.object({ id: zId(), title: zTitle().optional(), description: zDescription().optional() });
export const sellSideStatusItem = statusChangeItem(SELL_SIDE_STATUSES);
export const sellSideListQuery = listQuerySchema;
export const sellSideLookupQuery = lookupQuery(PICKER_LIMIT);
export const verticalRefSchema = ref.extend({ status: z.enum(SELL_SIDE_STATUSES) });
export const sectionParams = <S extends readonly [string, ...string[]]>(names: S) =>
  z.object({ id: zId(), section: z.enum(names, m('pattern')) });

/** the confirmation popup of a cascading status change: what else it stops */
export const cascadePreviewSchema = z.object({ advertisers: z.number().int(), integrations: z.number().int(), offers: z.number().int() });
export type CascadePreview = z.infer<typeof cascadePreviewSchema>;
export const cascadePreviewQuery = z.object({
  ids: csvIds(),
  status: z.enum(['active', 'inactive', 'blocked'], m('pattern')).default('inactive'),
});

// ---------------------------------------------------------------- platforms

export const platformSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  methods: z.array(z.enum(INTEGRATION_METHODS)),
  status: z.enum(SELL_SIDE_STATUSES),
  templates: z.array(ref),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Platform = z.infer<typeof platformSchema>;
/** `min` 1 for a platform: it supports at least one integration method (product §3 Platform, §5 required = a non-empty array) */
const zMethods = (min = 0) =>
  z
    .array(z.enum(INTEGRATION_METHODS, m('pattern')), m('required'))
    .min(min, m('required'))
    .max(INTEGRATION_METHODS.length)
    .transform((x) => [...new Set(x)]);
export const platformCreate = z.object({
  title: zTitle(),
  description: zDescription().default(''),
  methods: zMethods(1),
  status: z.enum(SELL_SIDE_STATUSES, m('required')).default('active'),
});
export const platformUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  description: zDescription().optional(),
  methods: zMethods(1).optional(),
});
export const platformRefSchema = ref.extend({ status: z.enum(SELL_SIDE_STATUSES), methods: z.array(z.enum(INTEGRATION_METHODS)) });

// ---------------------------------------------------------------- integration templates

export const integrationTemplateSchema = integrationSectionsView.extend({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  platform: ref,
  vertical: ref,
  integrationMethodsRestrictions: z.array(z.enum(INTEGRATION_METHODS)),
  status: z.enum(SELL_SIDE_STATUSES),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type IntegrationTemplate = z.infer<typeof integrationTemplateSchema>;
export const integrationTemplateCreate = z.object({
  title: zTitle(),
  platformId: zId(),
  verticalId: zId(),
  description: zDescription().default(''),
  integrationMethodsRestrictions: zMethods().default([]),
  status: z.enum(SELL_SIDE_STATUSES, m('required')).default('active'),
});
export const integrationTemplateUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  description: zDescription().optional(),
  integrationMethodsRestrictions: zMethods().optional(),
});
export const integrationTemplateListQuery = listQuerySchema.extend({ platformId: csvIds().optional(), verticalId: csvIds().optional() });
export const templatesForIntegrationQuery = z.object({ platformId: zId(), verticalId: zId() });
export const integrationTemplateRefSchema = ref.extend({
  status: z.enum(SELL_SIDE_STATUSES),
  platformId: z.number().int(),
  verticalId: z.number().int(),
});

// ---------------------------------------------------------------- advertisers

const zCurrency = () =>
  z
    .string(m('required'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, m('length'));
export const advertiserSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(ADVERTISER_STATUSES),
  statusChangedAt: z.number().int().nullable(),
  statusChangedBy: authorSchema.nullable(),
  blockReason: z.string().nullable(),
  contacts: z.array(contactViewSchema),
  platform: ref.nullable(),
  vertical: ref.nullable(),
  tags: z.array(ref),
  managers: z.array(authorSchema),
  defaultCurrency: z.string(),
  /** answered to holders of advertiser.update only */
  apiToken: z.string().nullable(),
  redirectTemplateEnabled: z.boolean(),
  redirectTemplate: z.string().nullable(),
  integrationsCount: z.number().int(),
  /** GET /advertisers/:id only: the offers this advertiser is a target of (offer_advertisers), with the target's status */
  offers: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.string(), targetStatus: z.string() })).optional(),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Advertiser = z.infer<typeof advertiserSchema>;
const advertiserFields = {
  description: zDescription(),
  contacts: z.array(contactSchema).max(20),
  platformId: zId().nullable(),
  verticalId: zId().nullable(),
  tagIds: z
    .array(zId())
    .max(100)
    .transform((x) => [...new Set(x)]),
  managerIds: z
    .array(zId())
    .max(100)
    .transform((x) => [...new Set(x)]),
  defaultCurrency: zCurrency(),
  redirectTemplateEnabled: z.boolean(),
  redirectTemplate: zCallUrl()
    .nullable()
    .or(z.literal('').transform(() => null)),
};
const redirectTemplateRule = (x: { redirectTemplateEnabled?: boolean; redirectTemplate?: string | null }, ctx: z.RefinementCtx) => {
  if (x.redirectTemplateEnabled && !x.redirectTemplate) ctx.addIssue({ code: 'custom', message: 'required', path: ['redirectTemplate'] });
};
export const advertiserCreate = z
  .object({
    title: zTitle(),
    description: advertiserFields.description.default(''),
    contacts: advertiserFields.contacts.default([]),
    platformId: advertiserFields.platformId.default(null),
    verticalId: advertiserFields.verticalId.default(null),
    tagIds: advertiserFields.tagIds.default([]),
    managerIds: advertiserFields.managerIds.default([]),
    defaultCurrency: advertiserFields.defaultCurrency.default('USD'),
    redirectTemplateEnabled: advertiserFields.redirectTemplateEnabled.default(false),
    redirectTemplate: advertiserFields.redirectTemplate.default(null),
  })
  .superRefine(redirectTemplateRule);
export const advertiserUpdate = z
  .object({
    id: zId(),
    title: zTitle().optional(),
    description: advertiserFields.description.optional(),
    contacts: advertiserFields.contacts.optional(),
    platformId: advertiserFields.platformId.optional(),
    verticalId: advertiserFields.verticalId.optional(),
    tagIds: advertiserFields.tagIds.optional(),
    managerIds: advertiserFields.managerIds.optional(),
    defaultCurrency: advertiserFields.defaultCurrency.optional(),
    redirectTemplateEnabled: advertiserFields.redirectTemplateEnabled.optional(),
    redirectTemplate: advertiserFields.redirectTemplate.optional(),
  })
  .superRefine(redirectTemplateRule);
export const advertiserBlockItem = z
  .object({ id: zId(), status: z.enum(ADVERTISER_STATUSES, m('required')), reason: zReason().optional() })
  .superRefine((x, ctx) => {
    if (x.status === 'blocked' && !x.reason) ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
  });
export const advertiserListQuery = listQuerySchema.extend({
  verticalId: csvIds().optional(),
  platformId: csvIds().optional(),
  tagId: csvIds().optional(),
  managerId: csvIds().optional(),
});
export const advertiserRefSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  title: z.string(),
  status: z.enum(ADVERTISER_STATUSES),
});
export const advertiserLookupQuery = lookupQuery(PICKER_LIMIT).extend({
  verticalId: zId().optional(),
  status: csvEnum(ADVERTISER_STATUSES).optional(),
});
export const advertiserTokenSchema = z.object({ id: z.number().int(), apiToken: z.string() });

// ---------------------------------------------------------------- integrations

export const integrationSchema = integrationSectionsView.extend({
  id: z.number().int(),
  title: z.string(),
  advertiser: advertiserRefSchema,
  template: ref.nullable(),
  platform: ref,
  vertical: ref,
  status: z.enum(SELL_SIDE_STATUSES),
  apiSyncStatus: z.enum(API_SYNC_STATUSES),
  outApiEnabled: z.boolean(),
  redirectEnabled: z.boolean(),
  apiSyncEnabled: z.boolean(),
  postbackEnabled: z.boolean(),
  postbackKey: z.string(),
  /** the path the advertiser sends postbacks to, with the parameter names of the postback section */
  postbackUrl: z.string(),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;
const integrationFlags = {
  outApiEnabled: z.boolean(),
  redirectEnabled: z.boolean(),
  apiSyncEnabled: z.boolean(),
  postbackEnabled: z.boolean(),
};
export const integrationCreate = z.object({
  advertiserId: zId(),
  templateId: zId(),
  title: zTitle().optional(),
  status: z.enum(SELL_SIDE_STATUSES, m('required')).default('active'),
  outApiEnabled: integrationFlags.outApiEnabled.default(false),
  redirectEnabled: integrationFlags.redirectEnabled.default(false),
  apiSyncEnabled: integrationFlags.apiSyncEnabled.default(false),
  postbackEnabled: integrationFlags.postbackEnabled.default(false),
});
export const integrationUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  outApiEnabled: integrationFlags.outApiEnabled.optional(),
  redirectEnabled: integrationFlags.redirectEnabled.optional(),
  apiSyncEnabled: integrationFlags.apiSyncEnabled.optional(),
  postbackEnabled: integrationFlags.postbackEnabled.optional(),
});
/** clone an integration to another advertiser (one integration per advertiser and template) */
export const integrationCloneItem = z.object({ id: zId(), advertiserId: zId(), title: zTitle().optional() });
export const integrationListQuery = listQuerySchema.extend({
  advertiserId: csvIds().optional(),
  platformId: csvIds().optional(),
  verticalId: csvIds().optional(),
});
export const integrationRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(SELL_SIDE_STATUSES),
  advertiserId: z.number().int(),
});

/** "send a test lead": lead fields by name (standard and the vertical's custom ones) */
export const testSendBody = z.object({
  data: z.object({
    lead: z.record(z.string(), z.union([z.string().max(2000, m('maxlength')), z.number(), z.boolean(), z.null()])).default({}),
  }),
});
export const recordedRequestSchema = z.object({
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string().nullable(),
});
export const recordedResponseSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  truncated: z.boolean(),
  durationMs: z.number().int(),
});
export const testSendResultSchema = z.object({
  request: recordedRequestSchema.nullable(),
  response: recordedResponseSchema.nullable(),
  result: z.object({
    success: z.boolean(),
    advertiserLeadId: z.string().nullable(),
    redirectUrl: z.string().nullable(),
    error: z.string().nullable(),
  }),
});
export type TestSendResult = z.infer<typeof testSendResultSchema>;

/** "run the API sync now": the poll made, the answer, and each reported lead status mapped through leadStatusMappings */
export const apiSyncRunSchema = z.object({
  request: recordedRequestSchema.nullable(),
  response: recordedResponseSchema.nullable(),
  apiSyncStatus: z.enum(API_SYNC_STATUSES),
  statuses: z.array(
    z.object({
      advertiserLeadId: z.string(),
      advertiserStatus: z.string(),
      /** null: the advertiser status has no mapping */
      leadStatus: z.enum(API_LEAD_STATUSES).nullable(),
      conversionStatus: z.number().int().nullable(),
      leadGrade: z.string().nullable(),
    }),
  ),
  error: z.string().nullable(),
});
export type ApiSyncRun = z.infer<typeof apiSyncRunSchema>;
