/**
 * Payment settings, payment methods and withdrawal methods.
 * A payment method is a way the network pays (e.g. "Wire transfer") and lists the fields a withdrawal must fill;
 * a withdrawal method is an affiliate's own filled-in payment method. One default per affiliate.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES } from '../constants';
import { toDecimal } from './decimal';
import { rules, zDescription, zId, zTitle, type MessageKey } from '../validation';
import { listQuerySchema, statusChangeItem } from '../common';
import { isDecimal, zCurrencyCode, zDecimalValue } from './currencies';

// ---- payment settings ----

export const PAYMENT_TERMS_MAX_DAYS = 365;
export const INVOICE_PREFIX_MAX = 20;
export const AUTO_INVOICE_PERIODS = ['off', 'weekly', 'monthly'] as const;
export type AutoInvoicePeriod = (typeof AUTO_INVOICE_PERIODS)[number];
export const PAYMENT_SETTINGS_DEFAULTS = {
  invoiceTitlePrefix: 'INV-',
  paymentTermsDays: 14,
  minPayoutAmount: '0',
  allowSecondWithdrawal: false,
  autoInvoicePeriod: 'off',
  autoInvoiceAffiliateIds: null,
} as const;

export const paymentSettingsSchema = z.object({
  baseCurrency: z.string(),
  /** invoice titles start with it, e.g. 'INV-' gives 'INV-000123' */
  invoiceTitlePrefix: z.string(),
  /** days between an invoice and its due date */
  paymentTermsDays: z.number().int(),
  /** in the base currency: an affiliate may request a payout from this amount */
  minPayoutAmount: z.string(),
  /** an affiliate may request a second withdrawal while one is unpaid */
  allowSecondWithdrawal: z.boolean(),
  /** automatic affiliate invoices by period: off, weekly (Monday to Sunday) or monthly, in each affiliate's zone */
  autoInvoicePeriod: z.enum(AUTO_INVOICE_PERIODS),
  /** the affiliates automatic invoices are made for; null: every affiliate */
  autoInvoiceAffiliateIds: z.array(z.number().int()).nullable(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const paymentSettingsUpdate = z.object({
  baseCurrency: zCurrencyCode().optional(),
  invoiceTitlePrefix: z
    .string({ message: 'maxlength' })
    .trim()
    .max(INVOICE_PREFIX_MAX, { message: 'maxlength' })
    .regex(/^[A-Za-z0-9_\-/#. ]*$/, { message: 'pattern' })
    .optional(),
  paymentTermsDays: z
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(0, { message: 'minMax' })
    .max(PAYMENT_TERMS_MAX_DAYS, { message: 'minMax' })
    .optional(),
  minPayoutAmount: zDecimalValue(8)
    .refine((v) => !isDecimal(v) || toDecimal(v).gte(0), { message: 'min' })
    .optional(),
  allowSecondWithdrawal: z.boolean({ message: 'required' }).optional(),
  autoInvoicePeriod: z.enum(AUTO_INVOICE_PERIODS, { message: 'pattern' }).optional(),
  autoInvoiceAffiliateIds: z.array(zId()).max(1000, { message: 'noMore' }).nullable().optional(),
});
export type PaymentSettingsUpdate = z.input<typeof paymentSettingsUpdate>;

// ---- payment methods ----

export const PAYMENT_METHOD_STATUSES = ACTIVE_STATUSES;
export const PAYMENT_FIELD_NAME_RE = /^[a-z0-9_]+$/;
export const PAYMENT_FIELDS_MAX = 30;
export const PAYMENT_FIELD_VALUE_MAX = 500;
export const PAYMENT_PATTERN_MAX = 500;

export const paymentFieldSchema = z.object({
  /** the key in a withdrawal method's values: latin lower-case letters, digits, underscores */
  name: z.string(),
  title: z.string(),
  required: z.boolean(),
  /** a regular expression the value must match */
  pattern: z.string().nullable(),
});
export type PaymentField = z.infer<typeof paymentFieldSchema>;

export const paymentFieldInput = z.object({
  name: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(64, { message: 'minMaxLength' })
    .regex(PAYMENT_FIELD_NAME_RE, { message: 'pattern' }),
  title: zTitle(),
  required: z.boolean().default(false),
  pattern: z
    .string()
    .max(PAYMENT_PATTERN_MAX, { message: 'maxlength' })
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .refine((v) => rules.regex(v) === true, { message: 'pattern' }),
});

const fieldList = () =>
  z
    .array(paymentFieldInput)
    .max(PAYMENT_FIELDS_MAX, { message: 'noMore' })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((f, i) => {
        if (seen.has(f.name)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, 'name'] });
        seen.add(f.name);
      });
    });

const currencyList = () =>
  z
    .array(zCurrencyCode())
    .max(200, { message: 'noMore' })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((c, i) => {
        if (seen.has(c)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i] });
        seen.add(c);
      });
    });

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  fields: z.array(paymentFieldSchema),
  /** codes of the currencies it pays in */
  currencies: z.array(z.string()),
  status: z.enum(PAYMENT_METHOD_STATUSES),
  createdAt: z.number().int(),
  createdBy: z.number().int().nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodCreate = z.object({
  title: zTitle(),
  description: zDescription().default(''),
  fields: fieldList().default([]),
  currencies: currencyList().default([]),
  status: z.enum(PAYMENT_METHOD_STATUSES, { message: 'required' }).default('active'),
});
export type PaymentMethodCreate = z.input<typeof paymentMethodCreate>;

export const paymentMethodUpdate = z.object({
  id: zId(),
  title: zTitle().optional(),
  description: zDescription().optional(),
  fields: fieldList().optional(),
  currencies: currencyList().optional(),
});
export type PaymentMethodUpdate = z.input<typeof paymentMethodUpdate>;

export const paymentMethodStatusItem = statusChangeItem(PAYMENT_METHOD_STATUSES);
export const paymentMethodListQuery = listQuerySchema.extend({ currency: zCurrencyCode().optional() });

// ---- withdrawal methods ----

export const WITHDRAWAL_STATUSES = ['active', 'inactive', 'deleted'] as const;
export const WITHDRAWAL_LIVE_STATUSES = ['active', 'inactive'] as const;

export const withdrawalMethodSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  paymentMethod: z.object({ id: z.number().int(), title: z.string(), status: z.string(), fields: z.array(paymentFieldSchema) }),
  title: z.string(),
  values: z.record(z.string(), z.string()),
  isDefault: z.boolean(),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: z.number().int(),
  /** the owner, answered to staff */
  user: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() }).optional(),
});
export type WithdrawalMethod = z.infer<typeof withdrawalMethodSchema>;

const zValues = () =>
  z
    .record(
      z.string().max(64, { message: 'maxlength' }),
      z.string({ message: 'pattern' }).max(PAYMENT_FIELD_VALUE_MAX, { message: 'maxlength' }),
    )
    .refine((v) => Object.keys(v).length <= PAYMENT_FIELDS_MAX, { message: 'noMore' });

const zOptionalTitle = () => z.string({ message: 'minMaxLength' }).trim().max(200, { message: 'minMaxLength' });

export const withdrawalMethodCreate = z.object({
  paymentMethodId: zId(),
  title: zOptionalTitle().default(''),
  values: zValues().default({}),
  isDefault: z.boolean().default(false),
});
export type WithdrawalMethodCreate = z.input<typeof withdrawalMethodCreate>;

export const withdrawalMethodUpdate = z.object({
  id: zId(),
  title: zOptionalTitle().optional(),
  values: zValues().optional(),
  isDefault: z.boolean().optional(),
});
export type WithdrawalMethodUpdate = z.input<typeof withdrawalMethodUpdate>;

export const withdrawalStatusItem = statusChangeItem(WITHDRAWAL_LIVE_STATUSES);
export const withdrawalListQuery = listQuerySchema.extend({ userId: zId().optional(), paymentMethodId: zId().optional() });

/**
 * Checks a withdrawal method's values against its payment method's fields: a required field must be filled, a
 * filled field must match its pattern, and a value for a field the method does not have is refused. Answers
 * `{field: messageKey}`; empty when valid. The server and the web form both use it.
 */
export function withdrawalValueErrors(
  fields: readonly { name: string; required: boolean; pattern?: string | null }[],
  values: Readonly<Record<string, string | undefined>>,
): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  const names = new Set(fields.map((f) => f.name));
  for (const f of fields) {
    const v = values[f.name];
    const filled = typeof v === 'string' && v.trim() !== '';
    if (!filled) {
      if (f.required) errors[f.name] = 'required';
      continue;
    }
    if (f.pattern && rules.pattern(v.trim(), f.pattern) !== true) errors[f.name] = 'pattern';
  }
  for (const key of Object.keys(values)) if (!names.has(key)) errors[key] = 'pattern';
  return errors;
}
