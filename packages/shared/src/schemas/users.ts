import { z } from 'zod';
import { CONTACT_TYPES, USER_STATUSES } from '../constants';
import { ROLE_TYPES } from '../permissions';
import { rules, zId } from '../validation';

export const contactSchema = z
  .object({ type: z.enum(CONTACT_TYPES), value: z.string().trim().min(1, { message: 'required' }).max(200, { message: 'maxlength' }) })
  .superRefine((c, ctx) => {
    const check = c.type === 'email' ? rules.email(c.value) : c.type === 'phone' ? rules.phone(c.value) : c.type === 'url' ? rules.url(c.value) : true;
    if (check !== true) ctx.addIssue({ code: 'custom', message: check, path: ['value'] });
  });
export type Contact = z.infer<typeof contactSchema>;

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
  contacts: z.array(contactSchema).optional(),
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
  avatarImageId: z.number().int().nullable(),
  frontendVersionTs: z.number().int(),
  /** set when an admin is acting as this user */
  impersonatedBy: z.object({ id: z.number().int(), roleTitle: z.string() }).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const USER_EXPANSIONS = ['contacts', 'birthDate', 'team', 'trafficBlocked', 'apiToken'] as const;

/** Self-service profile edit (PATCH /users {items:[...]}). */
export const userProfileUpdate = z.object({
  id: zId(),
  firstName: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'maxlength' }).optional(),
  lastName: z.string().trim().max(100, { message: 'maxlength' }).optional(),
  contacts: z.array(contactSchema).max(20).optional(),
  birthDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'pattern' })
    .refine((v) => rules.age(v, 18) === true, { message: 'age' })
    .nullable()
    .optional(),
  timezone: z.string().max(64).optional(),
  language: z.string().max(8).optional(),
  avatarImageId: zId().nullable().optional(),
});

export const preferenceSchema = z.object({ id: z.number().int(), type: z.string(), name: z.string(), value: z.unknown() });
export const preferenceCreate = z.object({
  type: z.string().trim().min(1, { message: 'required' }).max(50, { message: 'maxlength' }),
  name: z.string().trim().min(1, { message: 'required' }).max(100, { message: 'maxlength' }),
  value: z.unknown(),
});
export const preferenceUpdate = z.object({ id: zId(), value: z.unknown() });

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

export const imageSchema = z.object({ id: z.number().int(), url: z.string(), mimeType: z.string(), size: z.number().int() });
