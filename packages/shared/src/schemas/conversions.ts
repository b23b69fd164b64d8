/**
 * Conversions (issue 7): the inbound postback's answer. Conversion statuses are CONVERSION_STATUS (constants.ts):
 * 1 pending, 2 hold, 3 approved, 4 rejected.
 */
import { z } from 'zod';

/** the body of `GET|POST /postback/:postbackKey` */
export const postbackInAnswerSchema = z.union([
  z.object({ status: z.literal('ok'), conversionId: z.number().int().nullable(), message: z.string().optional() }),
  z.object({ status: z.literal('error'), message: z.string() }),
]);
export type PostbackInAnswer = z.infer<typeof postbackInAnswerSchema>;

/** the mark kept on a conversion that arrived after the offer's session lifespan */
export const LATE_CONVERSION_MARK = 'late_conversion';
