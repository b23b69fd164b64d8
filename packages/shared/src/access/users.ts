import { z } from 'zod';
import { CONTACT_TYPES, LOCALES, USER_EXPANSIONS, USER_STATUSES } from '../constants';
import { ROLE_TYPES } from './permissions';
import { isValidZone } from '../settings/reference';
import { rules, zId, type RuleResult } from '../validation';
import { listQuerySchema } from '../common';

/** Personal API tokens a user may hold at once. */
export const API_TOKENS_MAX = 20;
/** A preference value is UI state (table settings, filters): its JSON is kept under 64 KB. */
export const PREFERENCE_VALUE_MAX_BYTES = 64 * 1024;

/** telegram: @username (5-32 letters, digits, underscores), a t.me link or a phone number */
const TELEGRAM_RE = /^(@?[A-Za-z0-9_]{5,32}|https?:\/\/t\.me\/[A-Za-z0-9_]{5,32}|\+?[0-9][0-9\s()-]{4,20})$/;
/** skype: a Skype name (6-32 characters) or a "live:" id */
const SKYPE_RE = /^(live:[A-Za-z0-9._-]{1,64}|[A-Za-z][A-Za-z0-9.,_-]{5,31})$/;

/** The communication-channel validity rule of product §5: each contact type has its own format. */
export function contactRule(type: (typeof CONTACT_TYPES)[number], value: string): RuleResult {
  switch (type) {
    case 'email':
      return rules.email(value);
    case 'phone':
      return rules.phone(value);
    case 'url':
      return rules.url(value);
    case 'telegram':
      return TELEGRAM_RE.test(value) || 'pattern';
    case 'skype':
      return SKYPE_RE.test(value) || 'pattern';
  }
}

export const contactSchema = z
  .object({ type: z.enum(CONTACT_TYPES), value: z.string().trim().min(1, { message: 'required' }).max(200, { message: 'maxlength' }) })
  .superRefine((c, ctx) => {
    const check = contactRule(c.type, c.value);
    if (check !== true) ctx.addIssue({ code: 'custom', message: check, path: ['value'] });
  });
export type Contact = z.infer<typeof contactSchema>;
/** contacts as answered: stored values are not re-validated on the way out */
export const contactViewSchema = z.object({ type: z.enum(CONTACT_TYPES), value: z.string() });

export const roleRefSchema = z.object({ id: z.number().int(), title: z.string(), type: z.enum(ROLE_TYPES) });

export const userSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  role: roleRefSchema,
  permissions: z.array(z.string()),
  hasCustomPermissions: z.boolean(),
  customPermissions: z.array(z.string()).nullable(),
  contacts: z.array(contactViewSchema).optional(),
  birthDate: z.string().nullable().optional(),
  timezone: z.string(),
  language: z.string(),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
  statusChangedAt: z.number().int().nullable(),
  lastActivityAt: z.number().int().nullable(),
  blockReason: z.string().nullable(),
  trafficBlocked: z.boolean().optional(),
  apiToken: z.string().nullable().optional(),
  team: z.object({ id: z.number().int(), title: z.string() }).nullable().optional(),
  twoFactorEnabled: z.boolean(),
  /** its role requires two-factor sign-in and it has not set it up (it may open nothing but that set-up) */
  twoFactorSetupRequired: z.boolean().optional(),
  avatarImageId: z.number().int().nullable(),
  frontendVersionTs: z.number().int(),
  /** set when an admin is acting as this user */
  impersonatedBy: z.object({ id: z.number().int(), roleTitle: z.string() }).nullable(),
});
export type User = z.infer<typeof userSchema>;

// in constants.ts, so the web app's session code takes it without this module's schemas (and luxon)
export { USER_EXPANSIONS };
export type UserExpansion = (typeof USER_EXPANSIONS)[number];
/** GET /users/:id?with=contacts,birthDate,...; each value is checked against USER_EXPANSIONS by the server */
export const userGetQuery = z.object({ with: listQuerySchema.shape.with });

/** a real calendar day written yyyy-MM-dd (2001-02-29 is not one) */
const isCalendarDate = (v: string) => {
  const [y, m, d] = v.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
/** Product §3: a time zone may arrive as 'Zone (offset)'; only the part before ' (' is kept. */
const SERVER_DEPENDENT_ZONES = /^(local|system|default)$/i;
export const zTimezone = () =>
  z
    .string({ message: 'required' })
    .trim()
    .max(64, { message: 'maxlength' })
    .transform((v) => v.split(' (')[0].trim())
    .refine((v) => v !== '' && !SERVER_DEPENDENT_ZONES.test(v) && isValidZone(v), { message: 'pattern' });

/** Self-service profile edit (PATCH /users {items:[...]}). */
export const userProfileUpdate = z.object({
  id: zId(),
  firstName: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'maxlength' }).optional(),
  lastName: z.string().trim().max(100, { message: 'maxlength' }).optional(),
  contacts: z.array(contactSchema).max(20, { message: 'noMore' }).optional(),
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'pattern' })
    .refine(isCalendarDate, { message: 'pattern' })
    .refine((v) => v >= '1900-01-01', { message: 'min' })
    .refine((v) => rules.age(v, 18) === true, { message: 'age' })
    .nullable()
    .optional(),
  timezone: zTimezone().optional(),
  language: z.enum(LOCALES, { message: 'pattern' }).optional(),
  avatarImageId: zId().nullable().optional(),
});
export type UserProfileUpdate = z.infer<typeof userProfileUpdate>;

/** the JSON of a preference value stays under PREFERENCE_VALUE_MAX_BYTES; one too deep to stringify is too large */
const jsonBytes = (v: unknown) => {
  try {
    return new TextEncoder().encode(JSON.stringify(v ?? null)).length;
  } catch {
    return Infinity;
  }
};
const zPreferenceValue = () =>
  z
    .unknown()
    .refine((v) => jsonBytes(v) <= PREFERENCE_VALUE_MAX_BYTES, { message: 'maxlength' })
    .optional();

export const preferenceSchema = z.object({ id: z.number().int(), type: z.string(), name: z.string(), value: z.unknown() });
export const preferenceCreate = z.object({
  type: z.string().trim().min(1, { message: 'required' }).max(50, { message: 'maxlength' }),
  name: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'maxlength' }),
  value: zPreferenceValue(),
});
export const preferenceUpdate = z.object({ id: zId(), value: zPreferenceValue() });
export const preferenceListQuery = z.object({
  type: z.string().trim().min(1, { message: 'required' }).max(50, { message: 'maxlength' }).optional(),
});

export const loginHistorySchema = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  success: z.boolean(),
  reason: z.string().nullable(),
});

export const apiTokenSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  prefix: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  /** the full token, present only in the create answer */
  token: z.string().optional(),
});
export const apiTokenCreate = z.object({ title: z.string().trim().min(1, { message: 'required' }).max(200, { message: 'minMaxLength' }) });
/** answer of POST /users/:id/regenerate-api-token: the affiliate's new lead API token */
export const leadApiTokenSchema = z.object({ apiToken: z.string() });

export const imageSchema = z.object({ id: z.number().int(), url: z.string(), mimeType: z.string(), size: z.number().int() });
