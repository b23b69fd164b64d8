/**
 * Conversions (issue 7): the inbound postback's answer. Conversion statuses are CONVERSION_STATUS (constants.ts):
 * 1 pending, 2 hold, 3 approved, 4 rejected.
 */
import { z } from 'zod';
import { listQuerySchema } from './common';
import { csvIds } from './tags';

/** the body of `GET|POST /postback/:postbackKey` */
export const postbackInAnswerSchema = z.union([
  z.object({ status: z.literal('ok'), conversionId: z.number().int().nullable(), message: z.string().optional() }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);
export type PostbackInAnswer = z.infer<typeof postbackInAnswerSchema>;

/** the mark kept on a conversion that arrived after the offer's session lifespan */
export const LATE_CONVERSION_MARK = 'late_conversion';

/** conversion statuses by name, as the list's `status` filter takes them */
export const CONVERSION_STATUS_NAMES = ['pending', 'hold', 'approved', 'rejected'] as const;

/** `GET /conversions`: staff see every amount; affiliates their own conversions without revenue or advertiser */
export const conversionListQuery = listQuerySchema.extend({
  affiliateId: csvIds().optional(),
  offerId: csvIds().optional(),
  advertiserId: csvIds().optional(),
  goalId: csvIds().optional(),
  leadId: csvIds().optional(),
  /** creation time range, seconds */
  from: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).optional(),
  to: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).optional(),
});
export type ConversionListQuery = z.input<typeof conversionListQuery>;

export const conversionSchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  status: z.number().int(),
  statusChangedAt: z.number().int().nullable(),
  clickId: z.string().nullable(),
  leadId: z.number().int().nullable(),
  offerId: z.number().int(),
  campaignId: z.number().int().nullable(),
  affiliateId: z.number().int(),
  goalId: z.number().int().nullable(),
  payout: z.string(),
  payoutCurrency: z.string(),
  basePayout: z.string(),
  baseCurrency: z.string(),
  marks: z.array(z.string()),
  publicNotes: z.string().nullable(),
  autoApproveAt: z.number().int().nullable(),
  /** staff only */
  advertiserId: z.number().int().nullable().optional(),
  eventId: z.string().nullable().optional(),
  paymentRuleId: z.number().int().nullable().optional(),
  originalRevenue: z.string().nullable().optional(),
  currency: z.string().nullable().optional(),
  revenue: z.string().optional(),
  revenueCurrency: z.string().optional(),
  baseRevenue: z.string().optional(),
  isHidden: z.boolean().optional(),
});
export type ConversionView = z.infer<typeof conversionSchema>;
