/**
 * Advertisers' integrations, the test send and the API sync run.
 */
import { z } from 'zod';
import { listQuerySchema } from '../common';
import { API_LEAD_STATUSES } from '../constants';
import { authorSchema, csvIds } from '../settings/tags';
import { zId, zTitle } from '../validation';
import { advertiserRefSchema } from './advertisers';
import { m, ref } from './fields';
import { integrationSectionsView } from './integration-sections';
import { SELL_SIDE_STATUSES, API_SYNC_STATUSES } from './sell-side';

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
