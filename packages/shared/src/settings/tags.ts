/** Tags by entity type (settings > lists > tags), plus the author reference and csv helpers the lists share. */
import { z } from 'zod';
import { ACTIVE_STATUSES, INT_MAX, MAX_PAGE_SIZE, TITLE_MAX } from '../constants';
import { zTitle } from '../validation';
import { editItems, listQuerySchema, statusChangeItem } from '../common';

/** The entity types a tag can label; later issues link tags to these entities through join tables. */
export const TAG_TYPES = ['offer', 'advertiser', 'affiliate', 'campaign', 'lead', 'landing'] as const;
export type TagType = (typeof TAG_TYPES)[number];
export const TAG_STATUSES = ACTIVE_STATUSES;
const split = (v: string | string[]) => (Array.isArray(v) ? v : v.split(',')).map((x) => x.trim()).filter(Boolean);
/** `a,b` or repeated query values, each one of `values` */
export const csvEnum = <S extends readonly [string, ...string[]]>(values: S) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform(split)
    .pipe(z.array(z.enum(values, { message: 'pattern' })));
const zQueryId = () =>
  z.coerce
    .number<string>({ message: 'number' })
    .int({ message: 'number' })
    .positive({ message: 'number' })
    .lte(INT_MAX, { message: 'number' });
/** `1,2,3` or repeated query values, each a valid id */
export const csvIds = () =>
  z
    .union([z.string(), z.array(z.string())])
    .transform(split)
    .pipe(z.array(zQueryId()).max(MAX_PAGE_SIZE, { message: 'noMore' }));

/** Who created a record, as shown next to it. */
export const authorSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type Author = z.infer<typeof authorSchema>;

export const tagSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(TAG_TYPES),
  status: z.enum(TAG_STATUSES),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Tag = z.infer<typeof tagSchema>;
/** what a picker needs */
export const tagRefSchema = z.object({ id: z.number().int(), title: z.string(), type: z.enum(TAG_TYPES), status: z.enum(TAG_STATUSES) });
export type TagRef = z.infer<typeof tagRefSchema>;

const tagItems = editItems({ title: zTitle(), type: z.enum(TAG_TYPES, { message: 'required' }) }, TAG_STATUSES);
export const tagCreate = tagItems.create;
export type TagCreate = z.input<typeof tagCreate>;
export const tagUpdate = tagItems.update;
export type TagUpdate = z.input<typeof tagUpdate>;
export const tagStatusItem = statusChangeItem(TAG_STATUSES);
export const tagListQuery = listQuerySchema.extend({ type: csvEnum(TAG_TYPES).optional() });
export type TagListQuery = z.input<typeof tagListQuery>;

/** Query of the look-ups that feed pickers: a server-side search, or the titles of ids already chosen. */
export const lookupQuery = (defaultLimit: number) =>
  z.object({
    search: z.string().trim().max(TITLE_MAX, { message: 'maxlength' }).optional(),
    ids: csvIds().optional(),
    limit: z.coerce
      .number({ message: 'number' })
      .int({ message: 'number' })
      .min(1, { message: 'min' })
      .max(MAX_PAGE_SIZE, { message: 'noMore' })
      .default(defaultLimit),
  });
/** pickers with a server search (tags) show this many matches */
export const PICKER_LIMIT = 50;
export const tagLookupQuery = lookupQuery(PICKER_LIMIT);
export type LookupQuery = z.infer<ReturnType<typeof lookupQuery>>;
export const tagTypeParams = z.object({ type: z.enum(TAG_TYPES, { message: 'pattern' }) });
