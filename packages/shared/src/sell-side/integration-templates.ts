/**
 * Integration templates: how to integrate with one platform for one vertical.
 */
import { z } from 'zod';
import { listQuerySchema } from '../common';
import { authorSchema, csvIds } from '../settings/tags';
import { zDescription, zId, zTitle } from '../validation';
import { m, ref } from './fields';
import { integrationSectionsView } from './integration-sections';
import { zMethods } from './platforms';
import { INTEGRATION_METHODS, SELL_SIDE_STATUSES } from './sell-side';

export const integrationTemplateSchema = integrationSectionsView.extend({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  platform: ref,
  vertical: ref,
  integrationMethodsRestrictions: z.array(z.enum(INTEGRATION_METHODS)),
  status: z.enum(SELL_SIDE_STATUSES),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});

export type IntegrationTemplate = z.infer<typeof integrationTemplateSchema>;

export const integrationTemplateCreate = z.object({
  title: zTitle(),
  platformId: zId(),
  verticalId: zId(),
  description: zDescription().default(''),
  integrationMethodsRestrictions: zMethods().default([]),
  status: z.enum(SELL_SIDE_STATUSES, m('required')).default('active'),
});

export const integrationTemplateUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  description: zDescription().optional(),
  integrationMethodsRestrictions: zMethods().optional(),
});

export const integrationTemplateListQuery = listQuerySchema.extend({ platformId: csvIds().optional(), verticalId: csvIds().optional() });

export const templatesForIntegrationQuery = z.object({ platformId: zId(), verticalId: zId() });

export const integrationTemplateRefSchema = ref.extend({
  status: z.enum(SELL_SIDE_STATUSES),
  platformId: z.number().int(),
  verticalId: z.number().int(),
});
