/**
 * Postback logs (product §3 Postback log, §7): `system_logs` rows of the postbacks received from advertisers
 * (postback_in, entity advertiser) and sent to affiliates (postback_out, entity affiliate), one per attempt.
 */
import { z } from 'zod';
import { POSTBACK_EVENTS } from '../constants';
import { zId } from '../validation';
import { listQuerySchema } from '../common';
import { zQuerySeconds } from '../people/people';
import { csvEnum, csvIds } from '../settings/tags';

export const POSTBACK_LOG_ENTITIES = ['affiliate', 'advertiser'] as const;
export type PostbackLogEntity = (typeof POSTBACK_LOG_ENTITIES)[number];

export const postbackLogSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  /** postback_in (from an advertiser) or postback_out (to an affiliate) */
  type: z.string(),
  entity: z.enum(POSTBACK_LOG_ENTITIES),
  affiliateId: z.number().int().nullable(),
  advertiserId: z.number().int().nullable(),
  integrationId: z.number().int().nullable(),
  postbackId: z.number().int().nullable(),
  leadId: z.number().int().nullable(),
  conversionId: z.number().int().nullable(),
  goalId: z.number().int().nullable(),
  conversionStatus: z.number().int().nullable(),
  event: z.string().nullable(),
  /** the request as made or received: method, URL, headers, body or query */
  data: z.record(z.string(), z.unknown()),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  success: z.boolean(),
  msg: z.string().nullable(),
  attempt: z.number().int(),
  /** the titles of the ids above (null when the row is gone); advertiser and integration ones staff only */
  affiliateName: z.string().nullable(),
  affiliateEmail: z.string().nullable(),
  goalTitle: z.string().nullable(),
  postbackTitle: z.string().nullable(),
  advertiserTitle: z.string().nullable().optional(),
  integrationTitle: z.string().nullable().optional(),
});
export type PostbackLog = z.infer<typeof postbackLogSchema>;

const zQueryFlag = () => z.enum(['0', '1', 'true', 'false'], { message: 'pattern' }).transform((v) => v === '1' || v === 'true');

export const postbackLogListQuery = listQuerySchema.extend({
  affiliateId: csvIds().optional(),
  advertiserId: csvIds().optional(),
  integrationId: csvIds().optional(),
  postbackId: csvIds().optional(),
  leadId: csvIds().optional(),
  conversionId: csvIds().optional(),
  event: csvEnum(POSTBACK_EVENTS).optional(),
  success: zQueryFlag().optional(),
  createdFrom: zQuerySeconds().optional(),
  createdTo: zQuerySeconds().optional(),
});
export type PostbackLogListQuery = z.infer<typeof postbackLogListQuery>;

export const postbackLogParams = z.object({ id: zId() });
