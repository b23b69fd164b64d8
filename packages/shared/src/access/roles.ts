import { z } from 'zod';
import { ACTIVE_STATUSES } from '../constants';
import { ROLE_TYPES } from './permissions';
import { zId, zTitle } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';

export const roleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(ROLE_TYPES),
  permissions: z.array(z.string()),
  status: z.enum(ACTIVE_STATUSES),
  system: z.boolean(),
  /** staff roles: its users must set up and use two-factor sign-in */
  requireTwoFactor: z.boolean(),
  usersCount: z.number().int(),
  createdAt: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

const zPermissionList = () => z.array(z.string().max(100, { message: 'maxlength' })).max(500, { message: 'noMore' });

export const roleCreate = z.object({
  title: zTitle(),
  type: z.enum(ROLE_TYPES, { message: 'required' }),
  permissions: zPermissionList().default([]),
  status: z.enum(ACTIVE_STATUSES).default('active'),
  requireTwoFactor: z.boolean().default(false),
});
export type RoleCreate = z.input<typeof roleCreate>;
/** `type` may be sent back unchanged by a form; a different type is refused (a role's type never changes). */
export const roleUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  type: z.enum(ROLE_TYPES).optional(),
  permissions: zPermissionList().optional(),
  requireTwoFactor: z.boolean().optional(),
});
export type RoleUpdate = z.input<typeof roleUpdate>;
export const roleStatusItem = statusChangeItem(ACTIVE_STATUSES);
export const roleCloneItem = z.object({ id: zId() });
export const roleListQuery = listQuerySchema.extend({ type: z.enum(ROLE_TYPES).optional() });
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const permissionSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  groupId: z.string(),
  system: z.boolean(),
  hidden: z.boolean(),
  disabled: z.boolean(),
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionsQuery = z.object({
  roleType: z.enum(ROLE_TYPES, { message: 'required' }),
  withHidden: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

/** Added and removed permissions between two sets: shown for confirmation before a role change (product §6). */
export function permissionDiff(before: readonly string[], after: readonly string[]) {
  const a = new Set(before);
  const b = new Set(after);
  return { added: [...b].filter((x) => !a.has(x)).sort(), removed: [...a].filter((x) => !b.has(x)).sort() };
}
