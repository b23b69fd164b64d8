/**
 * Advertisers.
 */
import { z } from 'zod';
import { contactSchema, contactViewSchema } from '../access/users';
import { listQuerySchema } from '../common';
import { authorSchema, csvIds, csvEnum, lookupQuery, PICKER_LIMIT } from '../settings/tags';
import { zDescription, zId, zReason, zTitle } from '../validation';
import { m, ref } from './fields';
import { zCallUrl } from './integration-sections';
import { ADVERTISER_STATUSES } from './sell-side';

const zCurrency = () =>
  z
    .string(m('required'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, m('length'));

export const advertiserSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(ADVERTISER_STATUSES),
  statusChangedAt: z.number().int().nullable(),
  statusChangedBy: authorSchema.nullable(),
  blockReason: z.string().nullable(),
  contacts: z.array(contactViewSchema),
  platform: ref.nullable(),
  vertical: ref.nullable(),
  tags: z.array(ref),
  managers: z.array(authorSchema),
  defaultCurrency: z.string(),
  /** answered to holders of advertiser.update only */
  apiToken: z.string().nullable(),
  redirectTemplateEnabled: z.boolean(),
  redirectTemplate: z.string().nullable(),
  integrationsCount: z.number().int(),
  /** GET /advertisers/:id only: the offers this advertiser is a target of (offer_advertisers), with the target's status */
  offers: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.string(), targetStatus: z.string() })).optional(),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});

export type Advertiser = z.infer<typeof advertiserSchema>;

const advertiserFields = {
  description: zDescription(),
  contacts: z.array(contactSchema).max(20),
  platformId: zId().nullable(),
  verticalId: zId().nullable(),
  tagIds: z
    .array(zId())
    .max(100)
    .transform((x) => [...new Set(x)]),
  managerIds: z
    .array(zId())
    .max(100)
    .transform((x) => [...new Set(x)]),
  defaultCurrency: zCurrency(),
  redirectTemplateEnabled: z.boolean(),
  redirectTemplate: zCallUrl()
    .nullable()
    .or(z.literal('').transform(() => null)),
};

const redirectTemplateRule = (x: { redirectTemplateEnabled?: boolean; redirectTemplate?: string | null }, ctx: z.RefinementCtx) => {
  if (x.redirectTemplateEnabled && !x.redirectTemplate) ctx.addIssue({ code: 'custom', message: 'required', path: ['redirectTemplate'] });
};

export const advertiserCreate = z
  .object({
    title: zTitle(),
    description: advertiserFields.description.default(''),
    contacts: advertiserFields.contacts.default([]),
    platformId: advertiserFields.platformId.default(null),
    verticalId: advertiserFields.verticalId.default(null),
    tagIds: advertiserFields.tagIds.default([]),
    managerIds: advertiserFields.managerIds.default([]),
    defaultCurrency: advertiserFields.defaultCurrency.default('USD'),
    redirectTemplateEnabled: advertiserFields.redirectTemplateEnabled.default(false),
    redirectTemplate: advertiserFields.redirectTemplate.default(null),
  })
  .superRefine(redirectTemplateRule);

export const advertiserUpdate = z
  .object({
    id: zId(),
    title: zTitle().optional(),
    description: advertiserFields.description.optional(),
    contacts: advertiserFields.contacts.optional(),
    platformId: advertiserFields.platformId.optional(),
    verticalId: advertiserFields.verticalId.optional(),
    tagIds: advertiserFields.tagIds.optional(),
    managerIds: advertiserFields.managerIds.optional(),
    defaultCurrency: advertiserFields.defaultCurrency.optional(),
    redirectTemplateEnabled: advertiserFields.redirectTemplateEnabled.optional(),
    redirectTemplate: advertiserFields.redirectTemplate.optional(),
  })
  .superRefine(redirectTemplateRule);

export const advertiserBlockItem = z
  .object({ id: zId(), status: z.enum(ADVERTISER_STATUSES, m('required')), reason: zReason().optional() })
  .superRefine((x, ctx) => {
    if (x.status === 'blocked' && !x.reason) ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
  });

export const advertiserListQuery = listQuerySchema.extend({
  verticalId: csvIds().optional(),
  platformId: csvIds().optional(),
  tagId: csvIds().optional(),
  managerId: csvIds().optional(),
});

export const advertiserRefSchema = z.object({
  id: z.number().int(),
  secureId: z.string(),
  title: z.string(),
  status: z.enum(ADVERTISER_STATUSES),
});

export const advertiserLookupQuery = lookupQuery(PICKER_LIMIT).extend({
  verticalId: zId().optional(),
  status: csvEnum(ADVERTISER_STATUSES).optional(),
});

export const advertiserTokenSchema = z.object({ id: z.number().int(), apiToken: z.string() });
