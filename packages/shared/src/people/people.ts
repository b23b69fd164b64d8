/**
 * People (product §2 /affiliates, /employees, team pages; §3 User, Affiliate extras, Team; §4 blocking and team
 * members; §7 users, affiliates, employees, teams): affiliates (members), teams, employees, advertiser members,
 * blocking, custom permissions and the look-ups later screens use.
 *
 * Inputs name related records by id (`managerIds`, `teamId`, `tagIds`); answers carry the records themselves
 * (`managers`, `team`, `tags`). Timestamps are seconds.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES, LOCALES, MAX_PAGE_SIZE, REDIRECT_TO_ADVERTISER, USER_STATUSES } from '../constants';
import { ROLE_TYPES, type RoleType } from '../access/permissions';
import { zEmail, zId, zPassword, zReason, zTitle, zDescription } from '../validation';
import { listQuerySchema } from '../common';
import { permissionSchema } from '../access/roles';
import { csvEnum, csvIds, lookupQuery, tagRefSchema } from '../settings/tags';
import { contactSchema, contactViewSchema, roleRefSchema, userProfileUpdate, zTimezone } from '../access/users';

// ---------------------------------------------------------------------------------------------------------------
// constants

export const AFFILIATE_STATUSES = USER_STATUSES;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
/** statuses a create or a change_status may set; `blocked` is reached only through change_block */
export const AFFILIATE_SETTABLE_STATUSES = ACTIVE_STATUSES;
export const EMPLOYEE_STATUSES = USER_STATUSES;
export const TEAM_STATUSES = ACTIVE_STATUSES;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

export const BLOCK_ACTIONS = ['block', 'unblock'] as const;
/** a block is of traffic or of access; an unblock may also be `full` (both) */
export const BLOCK_TYPES = ['traffic', 'access'] as const;
export const UNBLOCK_TYPES = ['traffic', 'access', 'full'] as const;
export type BlockAction = (typeof BLOCK_ACTIONS)[number];
export type UnblockType = (typeof UNBLOCK_TYPES)[number];

export const TEAM_MEMBER_ROLES = ['leader', 'member'] as const;
export const TEAM_MEMBER_STATUSES = ['active', 'invited', 'inactive'] as const;

/** role types managed on /employees */
export const EMPLOYEE_ROLE_TYPES = ['admin', 'affiliate_manager', 'advertiser_manager', 'employee'] as const satisfies readonly RoleType[];
/** role types that can manage affiliates and teams (the managers look-up, an affiliate's or a team's managers) */
export const MANAGER_ROLE_TYPES = ['admin', 'affiliate_manager'] as const satisfies readonly RoleType[];
/** role types the managers look-up may be narrowed to: also advertiser managers (an advertiser's managers) */
export const MANAGER_LOOKUP_ROLE_TYPES = [...MANAGER_ROLE_TYPES, 'advertiser_manager'] as const satisfies readonly RoleType[];

/**
 * What an affiliate look-up is for: `filter` lists every status (past data stays filterable); the others list
 * active affiliates only (offer assignment, campaign creation, lead editing, postback assignment).
 */
export const AFFILIATE_LOOKUP_PURPOSES = ['filter', 'assignment', 'campaign', 'lead', 'postback'] as const;
/** `filter` lists every team; `assignment` active teams only */
export const TEAM_LOOKUP_PURPOSES = ['filter', 'assignment'] as const;

export const MANAGERS_MAX = 50;
export const TAGS_MAX = 100;
export const CONTACTS_MAX = 20;
export const NAME_MAX = 100;

// ---------------------------------------------------------------------------------------------------------------
// shared pieces

/** a person as shown next to a record (a manager, an author) */
export const personRefSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;
export const teamRefSchema = z.object({ id: z.number().int(), title: z.string() });
export type TeamRef = z.infer<typeof teamRefSchema>;

const zFirstName = () => z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(NAME_MAX, { message: 'maxlength' });
const zLastName = () => z.string({ message: 'maxlength' }).trim().max(NAME_MAX, { message: 'maxlength' });
const zContacts = () => z.array(contactSchema).max(CONTACTS_MAX, { message: 'noMore' });
/** yyyy-MM-dd, a real day, over 18 years old (the age rule), or null */
export const zBirthDate = () => userProfileUpdate.shape.birthDate;
const zIdList = (max: number, min = 0) =>
  z
    .array(zId())
    .min(min, { message: 'required' })
    .max(max, { message: 'noMore' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'unique' });
/** `0`/`1`/`true`/`false` in a query string */
const zQueryFlag = () => z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
/** 9999-12-31T23:59:59Z */
const SECONDS_MAX = 253_402_300_799;
/** a time bound in seconds, in a query string */
export const zQuerySeconds = () =>
  z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).max(SECONDS_MAX, { message: 'noMore' });
/** `replace` sets the list; `add` and `remove` change it (bulk edits) */
export const LIST_EDIT_MODES = ['replace', 'add', 'remove'] as const;

/** the reason of a change_status item: required when the new status is `blocked` (product §4) */
const statusWithReason = <S extends readonly [string, ...string[]]>(statuses: S) =>
  z
    .object({
      id: zId(),
      status: z.enum(statuses, { message: 'required' }),
      reason: z.string().trim().max(500, { message: 'minMaxLength' }).optional(),
    })
    .superRefine((item, ctx) => {
      if (item.status === 'blocked' && !item.reason) ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
    });

// ---------------------------------------------------------------------------------------------------------------
// affiliates (members)

export const affiliateSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  role: roleRefSchema,
  contacts: z.array(contactViewSchema),
  birthDate: z.string().nullable(),
  timezone: z.string(),
  language: z.string(),
  createdAt: z.number().int(),
  createdBy: personRefSchema.nullable(),
  statusChangedAt: z.number().int().nullable(),
  lastActivityAt: z.number().int().nullable(),
  blockReason: z.string().nullable(),
  /** effective traffic block: the affiliate's own OR its team's (what the tracking engine applies) */
  trafficBlocked: z.boolean(),
  ownTrafficBlocked: z.boolean(),
  teamTrafficBlocked: z.boolean(),
  trafficBlockedAt: z.number().int().nullable(),
  /** effective access block: the affiliate's status is `blocked` OR its team's access is blocked */
  accessBlocked: z.boolean(),
  teamAccessBlocked: z.boolean(),
  team: teamRefSchema.nullable(),
  managers: z.array(personRefSchema),
  tags: z.array(tagRefSchema),
  acceptColdTraffic: z.boolean(),
  acceptInvalidLeads: z.boolean(),
  redirectToAdvertiser: z.enum(REDIRECT_TO_ADVERTISER),
  /** offers assigned to the affiliate (0 until offers exist) */
  assignedOffers: z.number().int(),
  /** whether the caller may edit this affiliate (scope and permission) */
  editable: z.boolean(),
});
export type Affiliate = z.infer<typeof affiliateSchema>;

export const affiliateDetailSchema = affiliateSchema.extend({
  /** the lead API token: shown to the staff who may edit the affiliate, null otherwise */
  apiToken: z.string().nullable(),
});
export type AffiliateDetail = z.infer<typeof affiliateDetailSchema>;

export const AFFILIATE_ORDER_FIELDS = [
  'id',
  'email',
  'name',
  'firstName',
  'lastName',
  'status',
  'createdAt',
  'statusChangedAt',
  'lastActivityAt',
] as const;

export const affiliateListQuery = listQuerySchema.extend({
  managerId: csvIds().optional(),
  teamId: csvIds().optional(),
  tagIds: csvIds().optional(),
  /** only affiliates whose effective traffic block is on (1) or off (0) */
  trafficBlocked: zQueryFlag().optional(),
  createdFrom: zQuerySeconds().optional(),
  createdTo: zQuerySeconds().optional(),
});
export type AffiliateListQuery = z.input<typeof affiliateListQuery>;

export const affiliateCreate = z.object({
  email: zEmail(),
  /** absent: a password is generated and e-mailed to the affiliate */
  password: zPassword().optional(),
  firstName: zFirstName(),
  lastName: zLastName().default(''),
  contacts: zContacts().default([]),
  birthDate: zBirthDate(),
  timezone: zTimezone().default('UTC'),
  language: z.enum(LOCALES, { message: 'pattern' }).default('en'),
  /** an active role of type affiliate; the built-in Affiliate role when absent */
  roleId: zId().optional(),
  managerIds: zIdList(MANAGERS_MAX).default([]),
  teamId: zId().nullable().optional(),
  tagIds: zIdList(TAGS_MAX).default([]),
  acceptColdTraffic: z.boolean().default(false),
  acceptInvalidLeads: z.boolean().default(false),
  redirectToAdvertiser: z.enum(REDIRECT_TO_ADVERTISER, { message: 'pattern' }).default('direct'),
  status: z.enum(AFFILIATE_SETTABLE_STATUSES, { message: 'pattern' }).default('active'),
});
export type AffiliateCreate = z.input<typeof affiliateCreate>;

/** PATCH /affiliates {items:[...]}: one or many; a field left out is not changed, a list sent replaces the list */
export const affiliateUpdate = z.object({
  id: zId(),
  email: zEmail().optional(),
  password: zPassword().optional(),
  firstName: zFirstName().optional(),
  lastName: zLastName().optional(),
  contacts: zContacts().optional(),
  birthDate: zBirthDate(),
  timezone: zTimezone().optional(),
  language: z.enum(LOCALES, { message: 'pattern' }).optional(),
  roleId: zId().optional(),
  managerIds: zIdList(MANAGERS_MAX).optional(),
  /** null takes the affiliate out of its team */
  teamId: zId().nullable().optional(),
  tagIds: zIdList(TAGS_MAX).optional(),
  acceptColdTraffic: z.boolean().optional(),
  acceptInvalidLeads: z.boolean().optional(),
  redirectToAdvertiser: z.enum(REDIRECT_TO_ADVERTISER, { message: 'pattern' }).optional(),
});
export type AffiliateUpdate = z.input<typeof affiliateUpdate>;

/**
 * POST /affiliates/bulk_edit {data:{...}}: the same change to many affiliates. Managers and tags are replaced,
 * added to or removed from each affiliate's list by their mode (default replace).
 */
export const affiliateBulkEdit = z.object({
  ids: zIdList(MAX_PAGE_SIZE, 1),
  managerIds: zIdList(MANAGERS_MAX).optional(),
  managersMode: z.enum(LIST_EDIT_MODES, { message: 'pattern' }).default('replace'),
  tagIds: zIdList(TAGS_MAX).optional(),
  tagsMode: z.enum(LIST_EDIT_MODES, { message: 'pattern' }).default('replace'),
  teamId: zId().nullable().optional(),
  acceptColdTraffic: z.boolean().optional(),
  acceptInvalidLeads: z.boolean().optional(),
  redirectToAdvertiser: z.enum(REDIRECT_TO_ADVERTISER, { message: 'pattern' }).optional(),
});
export type AffiliateBulkEdit = z.input<typeof affiliateBulkEdit>;

/** POST /affiliates/change_status: active or inactive (blocking goes through change_block) */
export const affiliateStatusItem = z.object({
  id: zId(),
  status: z.enum(AFFILIATE_SETTABLE_STATUSES, { message: 'pattern' }),
  reason: z.string().trim().max(500, { message: 'minMaxLength' }).optional(),
});

/**
 * POST /affiliates/change_block and /teams/change_block {items:[...]} (product §4): a block needs a type (traffic or
 * access) and a reason of 1-500 characters; an unblock is of traffic, access or both (`full`), its reason optional.
 */
export const blockChangeItem = z
  .object({
    id: zId(),
    action: z.enum(BLOCK_ACTIONS, { message: 'required' }),
    blockType: z.enum(UNBLOCK_TYPES, { message: 'required' }),
    reason: z.string({ message: 'required' }).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.action === 'block' && item.blockType === 'full') ctx.addIssue({ code: 'custom', message: 'pattern', path: ['blockType'] });
    if (item.action === 'block') {
      const check = zReason().safeParse(item.reason ?? '');
      if (!check.success) ctx.addIssue({ code: 'custom', message: check.error.issues[0].message, path: ['reason'] });
    } else if (item.reason !== undefined && item.reason.trim().length > 500) {
      ctx.addIssue({ code: 'custom', message: 'minMaxLength', path: ['reason'] });
    }
  })
  .transform((item) => ({ ...item, reason: item.reason?.trim() || undefined }));
export type BlockChangeItem = z.input<typeof blockChangeItem>;

/** one entry of a block history (GET /affiliates/:id/block-history, GET /teams/:id/block-history) */
export const blockEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(BLOCK_ACTIONS),
  blockType: z.enum(UNBLOCK_TYPES),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  createdBy: personRefSchema.nullable(),
  /** set on member entries written by a team's block or unblock */
  teamId: z.number().int().nullable(),
});
export type BlockEvent = z.infer<typeof blockEventSchema>;
export const blockHistoryQuery = listQuerySchema.pick({ limit: true, offset: true, withMeta: true });

// ---------------------------------------------------------------------------------------------------------------
// teams

export const teamMemberSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** the member's role in the team */
  role: z.enum(TEAM_MEMBER_ROLES),
  /** the status of the member's team role; members whose role status is not active come first */
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** the affiliate's own account status */
  userStatus: z.enum(AFFILIATE_STATUSES),
  ownTrafficBlocked: z.boolean(),
  joinedAt: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TEAM_STATUSES),
  trafficBlocked: z.boolean(),
  trafficBlockedAt: z.number().int().nullable(),
  accessBlocked: z.boolean(),
  blockReason: z.string().nullable(),
  acceptColdTraffic: z.boolean(),
  acceptInvalidLeads: z.boolean(),
  managers: z.array(personRefSchema),
  membersCount: z.number().int(),
  createdAt: z.number().int(),
  createdBy: personRefSchema.nullable(),
  editable: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamDetailSchema = teamSchema.extend({ members: z.array(teamMemberSchema) });
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** what an affiliate sees of its own team (GET /teams/my): the title and the members' names */
export const teamBasicSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  members: z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), role: z.enum(TEAM_MEMBER_ROLES) })),
});
export type TeamBasic = z.infer<typeof teamBasicSchema>;

export const TEAM_ORDER_FIELDS = ['id', 'title', 'status', 'createdAt', 'membersCount'] as const;
export const teamListQuery = listQuerySchema.extend({
  managerId: csvIds().optional(),
  trafficBlocked: zQueryFlag().optional(),
  createdFrom: zQuerySeconds().optional(),
  createdTo: zQuerySeconds().optional(),
});
export type TeamListQuery = z.input<typeof teamListQuery>;

export const teamMemberInput = z.object({
  userId: zId(),
  role: z.enum(TEAM_MEMBER_ROLES, { message: 'pattern' }).default('member'),
  status: z.enum(TEAM_MEMBER_STATUSES, { message: 'pattern' }).default('active'),
});
export type TeamMemberInput = z.input<typeof teamMemberInput>;
/** PATCH /teams/:id/members {items:[...]}: a member's role or role status */
export const teamMemberUpdate = z.object({
  userId: zId(),
  role: z.enum(TEAM_MEMBER_ROLES, { message: 'pattern' }).optional(),
  status: z.enum(TEAM_MEMBER_STATUSES, { message: 'pattern' }).optional(),
});
export type TeamMemberUpdate = z.input<typeof teamMemberUpdate>;

export const teamCreate = z.object({
  title: zTitle(),
  description: zDescription().default(''),
  status: z.enum(TEAM_STATUSES, { message: 'pattern' }).default('active'),
  managerIds: zIdList(MANAGERS_MAX).default([]),
  acceptColdTraffic: z.boolean().default(false),
  acceptInvalidLeads: z.boolean().default(false),
  /** members to add at once (each an affiliate in no other team) */
  members: z.array(teamMemberInput).max(MAX_PAGE_SIZE, { message: 'noMore' }).default([]),
});
export type TeamCreate = z.input<typeof teamCreate>;

export const teamUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  description: zDescription().optional(),
  managerIds: zIdList(MANAGERS_MAX).optional(),
  acceptColdTraffic: z.boolean().optional(),
  acceptInvalidLeads: z.boolean().optional(),
});
export type TeamUpdate = z.input<typeof teamUpdate>;

/** POST /teams/bulk_edit {data:{...}} */
export const teamBulkEdit = z.object({
  ids: zIdList(MAX_PAGE_SIZE, 1),
  managerIds: zIdList(MANAGERS_MAX).optional(),
  managersMode: z.enum(LIST_EDIT_MODES, { message: 'pattern' }).default('replace'),
  acceptColdTraffic: z.boolean().optional(),
  acceptInvalidLeads: z.boolean().optional(),
});
export type TeamBulkEdit = z.input<typeof teamBulkEdit>;

export const teamStatusItem = z.object({
  id: zId(),
  status: z.enum(TEAM_STATUSES, { message: 'pattern' }),
  reason: z.string().trim().max(500, { message: 'minMaxLength' }).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// employees

export const employeeSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(EMPLOYEE_STATUSES),
  role: roleRefSchema.extend({ status: z.enum(ACTIVE_STATUSES) }),
  contacts: z.array(contactViewSchema),
  birthDate: z.string().nullable(),
  timezone: z.string(),
  language: z.string(),
  hasCustomPermissions: z.boolean(),
  createdAt: z.number().int(),
  createdBy: personRefSchema.nullable(),
  statusChangedAt: z.number().int().nullable(),
  lastActivityAt: z.number().int().nullable(),
  blockReason: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** affiliates and teams this employee manages */
  managedAffiliatesCount: z.number().int(),
  managedTeamsCount: z.number().int(),
  editable: z.boolean(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const EMPLOYEE_ORDER_FIELDS = [
  'id',
  'email',
  'name',
  'firstName',
  'lastName',
  'status',
  'createdAt',
  'statusChangedAt',
  'lastActivityAt',
] as const;
export const employeeListQuery = listQuerySchema.extend({
  roleType: csvEnum(EMPLOYEE_ROLE_TYPES).optional(),
  roleId: csvIds().optional(),
  createdFrom: zQuerySeconds().optional(),
  createdTo: zQuerySeconds().optional(),
});
export type EmployeeListQuery = z.input<typeof employeeListQuery>;

export const employeeCreate = z.object({
  email: zEmail(),
  /** absent: a password is generated and e-mailed */
  password: zPassword().optional(),
  firstName: zFirstName(),
  lastName: zLastName().default(''),
  contacts: zContacts().default([]),
  birthDate: zBirthDate(),
  timezone: zTimezone().default('UTC'),
  language: z.enum(LOCALES, { message: 'pattern' }).default('en'),
  /** an active role of a staff type (admin, affiliate manager, advertiser manager, employee) */
  roleId: zId(),
  status: z.enum(ACTIVE_STATUSES, { message: 'pattern' }).default('active'),
});
export type EmployeeCreate = z.input<typeof employeeCreate>;

export const employeeUpdate = z.object({
  id: zId(),
  email: zEmail().optional(),
  password: zPassword().optional(),
  firstName: zFirstName().optional(),
  lastName: zLastName().optional(),
  contacts: zContacts().optional(),
  birthDate: zBirthDate(),
  timezone: zTimezone().optional(),
  language: z.enum(LOCALES, { message: 'pattern' }).optional(),
  roleId: zId().optional(),
});
export type EmployeeUpdate = z.input<typeof employeeUpdate>;

/** POST /employees/change_status: active, inactive or blocked; blocking needs a reason (product §4) */
export const employeeStatusItem = statusWithReason(EMPLOYEE_STATUSES);
export type EmployeeStatusItem = z.input<typeof employeeStatusItem>;

/** GET /employees/:id/permissions and the answer of POST /employees/:id/permissions */
export const employeePermissionsSchema = z.object({
  userId: z.number().int(),
  role: roleRefSchema,
  rolePermissions: z.array(z.string()),
  /** null: the user holds its role's permissions */
  customPermissions: z.array(z.string()).nullable(),
  hasCustomPermissions: z.boolean(),
  /** what the user holds now */
  permissions: z.array(z.string()),
  /** held now but not by the role */
  added: z.array(z.string()),
  /** held by the role but not now */
  removed: z.array(z.string()),
  /** every permission the role type may hold */
  catalogue: z.array(permissionSchema),
});
export type EmployeePermissions = z.infer<typeof employeePermissionsSchema>;
/** POST /employees/:id/permissions {data:{permissions}}: a list, or null to go back to the role's */
export const employeePermissionsUpdate = z.object({
  permissions: z
    .array(z.string().max(100, { message: 'maxlength' }))
    .max(500, { message: 'noMore' })
    .nullable(),
});
export type EmployeePermissionsUpdate = z.input<typeof employeePermissionsUpdate>;

// ---------------------------------------------------------------------------------------------------------------
// advertiser members

export const advertiserMemberSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  role: roleRefSchema,
  /** null once its advertiser is deleted */
  advertiserId: z.number().int().nullable(),
  contacts: z.array(contactViewSchema),
  timezone: z.string(),
  language: z.string(),
  createdAt: z.number().int(),
  createdBy: personRefSchema.nullable(),
  statusChangedAt: z.number().int().nullable(),
  lastActivityAt: z.number().int().nullable(),
  blockReason: z.string().nullable(),
  editable: z.boolean(),
});
export type AdvertiserMember = z.infer<typeof advertiserMemberSchema>;

export const advertiserMemberListQuery = listQuerySchema.extend({ advertiserId: csvIds().optional() });
export type AdvertiserMemberListQuery = z.input<typeof advertiserMemberListQuery>;

export const advertiserMemberCreate = z.object({
  advertiserId: zId(),
  email: zEmail(),
  password: zPassword().optional(),
  firstName: zFirstName(),
  lastName: zLastName().default(''),
  contacts: zContacts().default([]),
  timezone: zTimezone().default('UTC'),
  language: z.enum(LOCALES, { message: 'pattern' }).default('en'),
  /** an active role of type advertiser_member; the built-in one when absent */
  roleId: zId().optional(),
  status: z.enum(ACTIVE_STATUSES, { message: 'pattern' }).default('active'),
});
export type AdvertiserMemberCreate = z.input<typeof advertiserMemberCreate>;

export const advertiserMemberUpdate = z.object({
  id: zId(),
  email: zEmail().optional(),
  password: zPassword().optional(),
  firstName: zFirstName().optional(),
  lastName: zLastName().optional(),
  contacts: zContacts().optional(),
  timezone: zTimezone().optional(),
  language: z.enum(LOCALES, { message: 'pattern' }).optional(),
  roleId: zId().optional(),
});
export type AdvertiserMemberUpdate = z.input<typeof advertiserMemberUpdate>;
export const advertiserMemberStatusItem = statusWithReason(USER_STATUSES);

// ---------------------------------------------------------------------------------------------------------------
// look-ups (server search, `limit=1` for a count in meta.totalCount, `limit=5` for a preview, `ids` for chosen values)

export const LOOKUP_LIMIT = 50;

export const managerLookupItem = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roleType: z.enum(ROLE_TYPES),
  status: z.enum(USER_STATUSES),
});
export type ManagerLookupItem = z.infer<typeof managerLookupItem>;
export const managerLookupQuery = lookupQuery(LOOKUP_LIMIT).extend({
  /** admins and affiliate managers by default; `advertiser_manager` (with `admin`) for an advertiser's managers */
  roleType: csvEnum(MANAGER_LOOKUP_ROLE_TYPES).optional(),
});
export type ManagerLookupQuery = z.input<typeof managerLookupQuery>;

export const affiliateLookupItem = z.object({
  id: z.number().int(),
  secureId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(AFFILIATE_STATUSES),
  /** effective (own or team's): campaign screens show a notice for it */
  trafficBlocked: z.boolean(),
  team: teamRefSchema.nullable(),
});
export type AffiliateLookupItem = z.infer<typeof affiliateLookupItem>;
export const affiliateLookupQuery = lookupQuery(LOOKUP_LIMIT).extend({
  purpose: z.enum(AFFILIATE_LOOKUP_PURPOSES, { message: 'pattern' }).default('filter'),
  teamId: csvIds().optional(),
  managerId: csvIds().optional(),
});
export type AffiliateLookupQuery = z.input<typeof affiliateLookupQuery>;

export const teamLookupItem = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(TEAM_STATUSES),
  trafficBlocked: z.boolean(),
  membersCount: z.number().int(),
});
export type TeamLookupItem = z.infer<typeof teamLookupItem>;
export const teamLookupQuery = lookupQuery(LOOKUP_LIMIT).extend({
  purpose: z.enum(TEAM_LOOKUP_PURPOSES, { message: 'pattern' }).default('filter'),
});
export type TeamLookupQuery = z.input<typeof teamLookupQuery>;
