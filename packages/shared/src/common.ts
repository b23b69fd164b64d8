/** API conventions of architecture §4 as zod schemas: envelope, items bodies, list query, error shape. */
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';
import { zId } from './validation';

export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });
export const listMetaSchema = z.object({
  totalCount: z.number().int(),
  minDate: z.number().int().nullable().optional(),
  maxDate: z.number().int().nullable().optional(),
});
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), meta: listMetaSchema.optional() });
/** a list whose `meta` also carries `totals` over the whole filter (the conversion and lead lists' totals rows) */
export const listWithTotalsOf = <T extends z.ZodType, S extends z.ZodType>(item: T, totals: S) =>
  z.object({ items: z.array(item), meta: listMetaSchema.extend({ totals: totals.optional() }).optional() });
/** `{items:[...]}` request body of PUT / PATCH / change_status / clone */
export const itemsOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item).min(1, { message: 'required' }).max(MAX_PAGE_SIZE) });
/** `{data:[ids]}` body of DELETE */
export const idsBody = z.object({ data: z.array(zId()).min(1, { message: 'required' }).max(MAX_PAGE_SIZE) });
/** `{data:{...}}` body of sub-settings edits */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data });
export const idParams = z.object({ id: zId() });
/**
 * One value of a dependent list filter (`GET /leads|conversions|clicks/filters`): an id for offers, affiliates,
 * campaigns, …, a code or key otherwise; `count` = rows with this value in the reader's scope and the other filters.
 */
export const filterOptionSchema = z.object({ value: z.union([z.number().int(), z.string()]), label: z.string(), count: z.number().int() });
export type FilterOption = z.infer<typeof filterOptionSchema>;
export const statusChangeItem = <S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({ id: zId(), status: z.enum(statuses), reason: z.string().trim().max(500, { message: 'minMaxLength' }).optional() });

/**
 * The create and update items of a row with a status (the settings lists, domains …): create takes `fields` and a
 * status ('active' unless given); update takes the id and any of them.
 */
export const editItems = <F extends z.ZodRawShape, S extends readonly ['active', ...string[]]>(fields: F, statuses: S) => {
  const status = z.enum(statuses, { message: 'required' });
  return {
    create: z.object({ ...fields, status: status.default('active') }),
    update: z.object({ id: zId(), ...z.object(fields).partial().shape, status: status.optional() }),
  };
};

export const errorItemSchema = z.object({ msg: z.string(), type: z.string(), loc: z.array(z.union([z.string(), z.number()])) });
export const errorSchema = z.object({ statusCode: z.number().int(), message: z.string(), errors: z.array(errorItemSchema).optional() });
export type ApiErrorBody = z.infer<typeof errorSchema>;
export type ApiErrorItem = z.infer<typeof errorItemSchema>;

const csv = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean));

/** The common list query; resources extend it with their filters. Allow-lists are checked by the server. */
export const listQuerySchema = z.object({
  status: csv.optional(),
  with: csv.optional(),
  withMeta: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  fields: csv.optional(),
  orderBy: z
    .string()
    .regex(/^[A-Za-z0-9_.]+:(asc|desc)$/i, { message: 'pattern' })
    .optional(),
  limit: z.coerce
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(1, { message: 'min' })
    .max(MAX_PAGE_SIZE, { message: 'noMore' })
    .default(PAGE_SIZE),
  offset: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).default(0),
  search: z.string().trim().max(200, { message: 'maxlength' }).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Timestamps travel as seconds (product §9). */
export const zSeconds = () => z.number().int();
