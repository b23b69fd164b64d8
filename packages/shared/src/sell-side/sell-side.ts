/**
 * The sell side's shared pieces (advertisers issue): its constants, the status, list and look-up queries every sell-side
 * list takes, and the cascade preview of a status change.
 */
import { z } from 'zod';
import { listQuerySchema, statusChangeItem } from '../common';
import { ACTIVE_STATUSES } from '../constants';
import { csvIds, lookupQuery, PICKER_LIMIT } from '../settings/tags';
import { zId } from '../validation';
import { m } from './fields';

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

export const sellSideStatusItem = statusChangeItem(SELL_SIDE_STATUSES);

export const sellSideListQuery = listQuerySchema;

export const sellSideLookupQuery = lookupQuery(PICKER_LIMIT);

export const sectionParams = <S extends readonly [string, ...string[]]>(names: S) =>
  z.object({ id: zId(), section: z.enum(names, m('pattern')) });

/** the confirmation popup of a cascading status change: what else it stops */
export const cascadePreviewSchema = z.object({ advertisers: z.number().int(), integrations: z.number().int(), offers: z.number().int() });

export type CascadePreview = z.infer<typeof cascadePreviewSchema>;

export const cascadePreviewQuery = z.object({
  ids: csvIds(),
  status: z.enum(['active', 'inactive', 'blocked'], m('pattern')).default('inactive'),
});
