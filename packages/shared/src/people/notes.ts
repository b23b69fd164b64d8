/** Notes: staff-only remarks attached to any record by its slug, e.g. `affiliate:12`. Never sent to affiliates. */
import { z } from 'zod';
import { INT_MAX, TITLE_MAX } from '../constants';
import { listQuerySchema, statusChangeItem } from '../common';
import { authorSchema } from '../settings/tags';

export const NOTE_CONTENT_MAX = 5000;
export const NOTE_STATUSES = ['active', 'deleted'] as const;
/** `<entity>:<id>`: a lower-case entity name and a positive id */
export const TARGET_SLUG_RE = /^[a-z][a-z0-9_-]{0,48}:[1-9]\d{0,9}$/;

export const zTargetSlug = () =>
  z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .regex(TARGET_SLUG_RE, { message: 'pattern' })
    .refine((v) => Number(v.split(':')[1]) <= INT_MAX, { message: 'pattern' });

export const targetSlug = (entity: string, id: number) => `${entity}:${id}`;

export const noteSchema = z.object({
  id: z.number().int(),
  targetSlug: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteCreate = z.object({
  targetSlug: zTargetSlug(),
  title: z.string({ message: 'minMaxLength' }).trim().max(TITLE_MAX, { message: 'minMaxLength' }).default(''),
  content: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(NOTE_CONTENT_MAX, { message: 'minMaxLength' }),
});
export type NoteCreate = z.input<typeof noteCreate>;
/** a note is removed by a status change to `deleted` (product §7) */
export const noteStatusItem = statusChangeItem(['deleted'] as const);
export const noteListQuery = listQuerySchema.pick({ limit: true, offset: true, withMeta: true }).extend({ targetSlug: zTargetSlug() });
export type NoteListQuery = z.input<typeof noteListQuery>;
