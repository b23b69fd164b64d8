/**
 * Outbound postbacks (spec §3 Postback, §4 postback event statuses). This issue stores the network-wide
 * global postback; affiliate and team postbacks and the firing belong to the traffic engine.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES, POSTBACK_EVENTS } from '../constants';
import { zUrl } from '../validation';
import { dataOf } from './common';

export const POSTBACK_METHODS = ['GET', 'POST'] as const;
export type PostbackMethod = (typeof POSTBACK_METHODS)[number];
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];

/** Spec §3: events are grouped into conversions, lead grades and lead statuses. */
export const POSTBACK_EVENT_GROUPS: Readonly<Record<'conversions' | 'leadStatuses' | 'leadGrades', readonly PostbackEvent[]>> = {
  conversions: ['conversion_approved', 'conversion_rejected', 'conversion_pending', 'conversion_deferred'],
  leadStatuses: ['event_received', 'event_sent', 'event_trash', 'event_hold', 'event_invalid', 'event_duplicate'],
  leadGrades: ['event_lead_grade_changed'],
};

export const globalPostbackSchema = z.object({
  /** null until the global postback is saved for the first time */
  id: z.number().int().nullable(),
  url: z.string(),
  method: z.enum(POSTBACK_METHODS),
  events: z.array(z.enum(POSTBACK_EVENTS)),
  status: z.enum(ACTIVE_STATUSES),
  createdAt: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
});
export type GlobalPostback = z.infer<typeof globalPostbackSchema>;

export const globalPostbackFields = z.object({
  url: zUrl(),
  method: z.enum(POSTBACK_METHODS, { message: 'required' }).default('GET'),
  events: z
    .array(z.enum(POSTBACK_EVENTS, { message: 'pattern' }), { message: 'required' })
    .min(1, { message: 'required' })
    .refine((v) => new Set(v).size === v.length, { message: 'unique' }),
  status: z.enum(ACTIVE_STATUSES).default('active'),
});
export type GlobalPostbackFields = z.input<typeof globalPostbackFields>;
/** `PATCH /settings/global-postback {data:{...}}`: saves the single global postback */
export const globalPostbackUpdate = dataOf(globalPostbackFields);
