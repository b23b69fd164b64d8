/**
 * The lead API (spec §7 "lead creation via a lead API", ARCHITECTURE §5 Lead): what an affiliate posts to
 * `POST /api/v1/leads` and what it answers. The vertical's own incoming parameters and inbound rules are checked by
 * the server on top of this shape.
 */
import { z } from 'zod';
import { API_LEAD_STATUSES } from '../constants';
import { zId } from '../validation';

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
    /** the offer (visible to the affiliate), or the affiliate's campaign by id or key */
    offerId: zId().optional(),
    campaignId: zId().optional(),
    campaignKey: z.string().trim().max(32, m('maxlength')).optional(),
    /** the click of the visitor (its `{click_id}`), which links the lead to the click's campaign and subs */
    clickId: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, m('pattern'))
      .optional(),
    firstName: field(),
    lastName: field(),
    phone: field(50),
    email: field(254),
    country: field(2),
    language: field(8),
    ip: field(45),
    landing: field(2048),
    sourceUrl: field(2048),
    userAgent: field(1000),
    sub1: sub(),
    sub2: sub(),
    sub3: sub(),
    sub4: sub(),
    sub5: sub(),
    sub6: sub(),
    sub7: sub(),
    sub8: sub(),
    sub9: sub(),
    /** a test lead is kept with status test and never sent to an advertiser */
    test: z.boolean(m('required')).optional(),
    /** the vertical's custom incoming parameters */
    fields: z
      .record(z.string().max(100), z.union([z.string().max(LEAD_FIELD_MAX, m('maxlength')), z.number(), z.boolean(), z.null()]))
      .refine((r) => Object.keys(r).length <= LEAD_CUSTOM_FIELDS_MAX, m('noMore'))
      .optional(),
  })
  .superRefine((x, ctx) => {
    if (!x.offerId && !x.campaignId && !x.campaignKey && !x.clickId)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['offerId'] });
  });
export type LeadIntake = z.infer<typeof leadIntakeSchema>;
export type LeadIntakeInput = z.input<typeof leadIntakeSchema>;

export const leadIntakeAnswerSchema = z.object({
  id: z.number().int(),
  status: z.enum(API_LEAD_STATUSES),
  /** why the lead is invalid, duplicate, unsent or failed */
  reason: z.string().nullable(),
  /** where to send the visitor, by the affiliate's redirect-to-advertiser setting; null when none */
  redirectUrl: z.string().nullable(),
});
export type LeadIntakeAnswer = z.infer<typeof leadIntakeAnswerSchema>;
