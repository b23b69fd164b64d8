import { z } from 'zod';
import { zId, zTitle } from '../validation';

export const publicSettingsSchema = z.object({
  apiDomain: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  registrationEnabled: z.boolean(),
  trialExpireAt: z.number().int().nullable(),
  chatSupportUrl: z.string().nullable(),
  frontendVersionTs: z.number().int(),
  baseCurrency: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const generalSettingsSchema = publicSettingsSchema.extend({
  customerId: z.string(),
  logoImageId: z.number().int().nullable(),
  faviconImageId: z.number().int().nullable(),
  /** the network's legal details printed on invoices (company name, address, registration and tax numbers) */
  legalDetails: z.string(),
  /** days the raw clicks and postback logs are kept (whole days dropped by a nightly job); roll-ups and money forever */
  rawClicksRetentionDays: z.number().int(),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** raw clicks kept (docs/decisions/engine.md "Clicks partitioned by day"): a week at least, ten years at most */
export const RAW_CLICKS_RETENTION = { min: 7, max: 3650, default: 90 } as const;

export const generalSettingsUpdate = z.object({
  name: zTitle().optional(),
  logoImageId: zId().nullable().optional(),
  faviconImageId: zId().nullable().optional(),
  /** seconds; null removes the trial */
  trialExpireAt: z.number({ message: 'number' }).int({ message: 'number' }).positive({ message: 'number' }).nullable().optional(),
  registrationEnabled: z.boolean().optional(),
  frontendVersionTs: z.number().int().positive().optional(),
  legalDetails: z.string({ message: 'maxlength' }).max(2000, { message: 'maxlength' }).optional(),
  rawClicksRetentionDays: z
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(RAW_CLICKS_RETENTION.min, { message: 'minMax' })
    .max(RAW_CLICKS_RETENTION.max, { message: 'minMax' })
    .optional(),
});
export type GeneralSettingsUpdate = z.infer<typeof generalSettingsUpdate>;
