/**
 * The integration sections the traffic engine executes (apiParameters, outApi, postback, apiSync, leadStatusMappings,
 * redirect, goals), shared by integration templates and integrations.
 */
import { z } from 'zod';
import { API_LEAD_STATUSES } from '../constants';
import { rules, URL_RE, zId } from '../validation';
import { m, zName, zKey, zText, zJsonPath, optionalPath, uniqueBy, headerSchema } from './fields';
import {
  HTTP_METHODS,
  BODY_FORMATS,
  MAPPING_SOURCES,
  OUT_API_MACROS,
  REDIRECT_METHODS,
  CONVERSION_STATUS_VALUES,
  OUT_API_TIMEOUT,
  API_SYNC_MIN_INTERVAL,
  COOKIE_STORAGE_MAX_SECONDS,
} from './sell-side';

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

/** an IP address or a CIDR block (v4 or v6) */
export function isIpOrCidr(v: string): boolean {
  const [ip, bits, ...rest] = v.split('/');
  if (rest.length || rules.ip(ip) !== true || !ip) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (ip.includes(':') ? 128 : 32);
}

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
