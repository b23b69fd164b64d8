/**
 * Outbound postbacks (product §3 Postback, §4 postback event statuses): the network-wide global postback (settings) and
 * the affiliate and team postbacks of `/postbacks` (events, goal events, URL with macros, method, status).
 */
import { z } from 'zod';
import { ACTIVE_STATUSES, POSTBACK_EVENTS, TITLE_MAX } from '../constants';
import { MACROS, type MacroGroup } from './macros';
import { zId, zUrl } from '../validation';
import { dataOf, listQuerySchema, statusChangeItem } from '../common';
import { personRefSchema, teamRefSchema } from '../people/people';
import { csvIds } from '../settings/tags';

export const POSTBACK_METHODS = ['GET', 'POST'] as const;
export type PostbackMethod = (typeof POSTBACK_METHODS)[number];
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];

/** Product §3: events are grouped into conversions, lead grades and lead statuses. */
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

// ---------------------------------------------------------------- affiliate and team postbacks (/postbacks)

/** Whose postback it is: one affiliate's, or every member of a team's (the global one lives in settings). */
export const POSTBACK_SCOPES = ['affiliate', 'team'] as const;
export type PostbackScope = (typeof POSTBACK_SCOPES)[number];
export type PostbackStatus = (typeof ACTIVE_STATUSES)[number];
export const POSTBACK_GROUP_KEYS = Object.keys(POSTBACK_EVENT_GROUPS) as (keyof typeof POSTBACK_EVENT_GROUPS)[];

const zEvents = () =>
  z
    .array(z.enum(POSTBACK_EVENTS, { message: 'pattern' }), { message: 'required' })
    .max(POSTBACK_EVENTS.length, { message: 'noMore' })
    .refine((v) => new Set(v).size === v.length, { message: 'unique' });

export const postbackGoalEventsSchema = z.object({
  goalId: zId(),
  events: zEvents().refine((v) => v.length > 0, { message: 'required' }),
});
export type PostbackGoalEvents = z.infer<typeof postbackGoalEventsSchema>;

const zGoalEvents = () =>
  z
    .array(postbackGoalEventsSchema, { message: 'required' })
    .max(100, { message: 'noMore' })
    .refine((v) => new Set(v.map((g) => g.goalId)).size === v.length, { message: 'unique' });

export const postbackSchema = z.object({
  id: z.number().int(),
  scope: z.enum(POSTBACK_SCOPES),
  affiliate: personRefSchema.nullable(),
  team: teamRefSchema.nullable(),
  title: z.string(),
  url: z.string(),
  method: z.enum(POSTBACK_METHODS),
  events: z.array(z.enum(POSTBACK_EVENTS)),
  goalEvents: z.array(z.object({ goalId: z.number().int(), goalTitle: z.string().nullable(), events: z.array(z.enum(POSTBACK_EVENTS)) })),
  status: z.enum(ACTIVE_STATUSES),
  /** campaigns that name this postback */
  campaignCount: z.number().int(),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
});
export type AffiliatePostback = z.infer<typeof postbackSchema>;

const postbackFields = {
  title: z.string({ message: 'minMaxLength' }).trim().max(TITLE_MAX, { message: 'minMaxLength' }),
  url: zUrl(),
  method: z.enum(POSTBACK_METHODS, { message: 'required' }),
  events: zEvents(),
  goalEvents: zGoalEvents(),
  status: z.enum(ACTIVE_STATUSES, { message: 'pattern' }),
};

/** `PUT /postbacks {items:[...]}`. Affiliates create their own (scope affiliate, affiliateId left out or their id). */
export const postbackCreate = z.object({
  scope: z.enum(POSTBACK_SCOPES, { message: 'required' }).default('affiliate'),
  affiliateId: zId().nullish(),
  teamId: zId().nullish(),
  title: postbackFields.title.default(''),
  url: postbackFields.url,
  method: postbackFields.method.default('GET'),
  events: postbackFields.events.default([]),
  goalEvents: postbackFields.goalEvents.default([]),
  status: postbackFields.status.default('active'),
});
export type PostbackCreate = z.input<typeof postbackCreate>;

/** `PATCH /postbacks {items:[{id,...}]}`: the owner (scope, affiliate, team) never changes. */
export const postbackUpdate = z.object({
  id: zId(),
  title: postbackFields.title.optional(),
  url: postbackFields.url.optional(),
  method: postbackFields.method.optional(),
  events: postbackFields.events.optional(),
  goalEvents: postbackFields.goalEvents.optional(),
  status: postbackFields.status.optional(),
});
export type PostbackUpdate = z.input<typeof postbackUpdate>;

export const postbackStatusItem = statusChangeItem(ACTIVE_STATUSES);

export const postbackListQuery = listQuerySchema.extend({
  scope: z.enum(POSTBACK_SCOPES, { message: 'pattern' }).optional(),
  affiliateId: csvIds().optional(),
  teamId: csvIds().optional(),
  /** postbacks listening to this event, directly or through a goal */
  event: z.enum(POSTBACK_EVENTS, { message: 'pattern' }).optional(),
});
export type PostbackListQuery = z.input<typeof postbackListQuery>;

/** `GET /postbacks/for-assignment?affiliateId=`: the affiliate's own active postbacks, for the campaign picker */
export const postbackAssignmentQuery = z.object({ affiliateId: zId().optional() });
export const postbackRefSchema = z.object({ id: z.number().int(), title: z.string(), url: z.string(), status: z.enum(ACTIVE_STATUSES) });
export type PostbackRef = z.infer<typeof postbackRefSchema>;

/** `GET /postbacks/events`: the events grouped as product §3 says (conversions, lead statuses, lead grades) */
export const postbackEventGroupSchema = z.object({
  group: z.enum(POSTBACK_GROUP_KEYS as [string, ...string[]]),
  events: z.array(z.enum(POSTBACK_EVENTS)),
});
export const postbackEventCatalogue = () => POSTBACK_GROUP_KEYS.map((group) => ({ group, events: [...POSTBACK_EVENT_GROUPS[group]] }));

/** `GET /postbacks/mappings`: the macros an affiliate or team postback URL may carry (the delivery's own list) */
export const postbackMacroSchema = z.object({ name: z.string(), group: z.string(), description: z.string() });
export const affiliatePostbackMacros = () =>
  MACROS.filter((x) => !x.staffOnly).map((x) => ({ name: x.name, group: x.group as MacroGroup, description: x.description }));

/** `GET /postbacks/goals`: goals of the active verticals, for goal events */
export const postbackGoalSchema = z.object({ id: z.number().int(), title: z.string(), vertical: teamRefSchema });
export type PostbackGoal = z.infer<typeof postbackGoalSchema>;

/** `GET /postbacks/statuses` */
export const postbackStatusSchema = z.object({ id: z.enum(ACTIVE_STATUSES), title: z.string() });

/** `POST /postbacks/:id/test`: one call with sample values, logged as an affiliate postback log */
export const postbackTestBody = z.object({ event: z.enum(POSTBACK_EVENTS, { message: 'pattern' }).optional() }).default({});
export const postbackTestResultSchema = z.object({
  success: z.boolean(),
  url: z.string(),
  responseStatus: z.number().int().nullable(),
  msg: z.string(),
  logId: z.number().int(),
});
export type PostbackTestResult = z.infer<typeof postbackTestResultSchema>;
