/** Offer categories (settings > lists > categories). */
import { z } from 'zod';
import { ACTIVE_STATUSES, MAX_PAGE_SIZE } from '../constants';
import { zTitle } from '../validation';
import { editItems, listQuerySchema, statusChangeItem } from '../common';
import { authorSchema, lookupQuery } from './tags';

export const CATEGORY_STATUSES = ACTIVE_STATUSES;

export const categorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(CATEGORY_STATUSES),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryRefSchema = z.object({ id: z.number().int(), title: z.string(), status: z.enum(CATEGORY_STATUSES) });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

const categoryItems = editItems({ title: zTitle() }, CATEGORY_STATUSES);
export const categoryCreate = categoryItems.create;
export type CategoryCreate = z.input<typeof categoryCreate>;
export const categoryUpdate = categoryItems.update;
export type CategoryUpdate = z.input<typeof categoryUpdate>;
export const categoryStatusItem = statusChangeItem(CATEGORY_STATUSES);
export const categoryListQuery = listQuerySchema;
/** the active list is small: it answers every active category unless a limit is given */
export const categoryLookupQuery = lookupQuery(MAX_PAGE_SIZE);
