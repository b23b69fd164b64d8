/**
 * Platforms: advertiser software (a CRM or tracker) and the integration methods it supports.
 */
import { z } from 'zod';
import { authorSchema } from '../settings/tags';
import { zDescription, zId, zTitle } from '../validation';
import { m, ref } from './fields';
import { INTEGRATION_METHODS, SELL_SIDE_STATUSES } from './sell-side';

export const platformSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  methods: z.array(z.enum(INTEGRATION_METHODS)),
  status: z.enum(SELL_SIDE_STATUSES),
  templates: z.array(ref),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});

export type Platform = z.infer<typeof platformSchema>;

/** `min` 1 for a platform: it supports at least one integration method (product §3 Platform, §5 required = a non-empty array) */
export const zMethods = (min = 0) =>
  z
    .array(z.enum(INTEGRATION_METHODS, m('pattern')), m('required'))
    .min(min, m('required'))
    .max(INTEGRATION_METHODS.length)
    .transform((x) => [...new Set(x)]);

export const platformCreate = z.object({
  title: zTitle(),
  description: zDescription().default(''),
  methods: zMethods(1),
  status: z.enum(SELL_SIDE_STATUSES, m('required')).default('active'),
});

export const platformUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  description: zDescription().optional(),
  methods: zMethods(1).optional(),
});

export const platformRefSchema = ref.extend({ status: z.enum(SELL_SIDE_STATUSES), methods: z.array(z.enum(INTEGRATION_METHODS)) });
