/**
 * Lead edit and import (product §7 "lead for editing", "import as binary GET"; docs/decisions/engine.md "Lead edit and
 * import"): the edit body of `PUT /leads/:id`, and the upload, mapping, options and progress of a lead import.
 */
import { z } from 'zod';
import { STANDARD_LEAD_FIELDS } from '../sell-side/sell-side';
import { zId } from '../validation';

const m = (message: string) => ({ message });
/** a text field of the edit: '' or null clears it, absent leaves it */
const text = (max = 200) =>
  z
    .string(m('required'))
    .trim()
    .max(max, m('maxlength'))
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** the text fields an edit import may set: the standard lead fields (product §3) */
export const LEAD_EDIT_TEXT_FIELDS = STANDARD_LEAD_FIELDS;
export type LeadEditTextField = (typeof LEAD_EDIT_TEXT_FIELDS)[number];

export const leadEditSchema = z
  .object({
    firstName: text(),
    lastName: text(),
    phone: text(50),
    email: text(254),
    country: text(2),
    language: text(8),
    ip: text(45),
    landing: text(2048),
    sourceUrl: text(2048),
    sub1: text(255),
    sub2: text(255),
    sub3: text(255),
    sub4: text(255),
    sub5: text(255),
    sub6: text(255),
    sub7: text(255),
    sub8: text(255),
    sub9: text(255),
    /** one of the affiliate's campaigns of the lead's offer, or null */
    campaignId: zId().nullable().optional(),
    /** a lander of the lead's offer, or null */
    landerId: zId().nullable().optional(),
    /** the vertical's custom incoming parameters (the whole set: a missing key is removed) */
    fields: z.record(z.string().max(100), z.union([z.string().max(1000, m('maxlength')), z.number(), z.boolean(), z.null()])).optional(),
  })
  .strict();
export type LeadEdit = z.infer<typeof leadEditSchema>;

/* ---------------------------------------------------------------- import */

/** the lead fields a file column can be mapped to (besides `fields.<name>`, a custom parameter of the vertical) */
export const LEAD_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'country',
  'language',
  'ip',
  'landing',
  'sourceUrl',
  'userAgent',
  'sub1',
  'sub2',
  'sub3',
  'sub4',
  'sub5',
  'sub6',
  'sub7',
  'sub8',
  'sub9',
  /** the lead's date in the source (kept as its source date; the lead is created at import time) */
  'sourceDate',
] as const;
export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number];
export const LEAD_IMPORT_STATUSES = ['draft', 'pending', 'running', 'done', 'failed'] as const;
export const LEAD_IMPORT_OUTCOMES = ['accepted', 'duplicate', 'invalid'] as const;
/** the server-sent event of an import's progress */
export const LEAD_IMPORT_EVENT = 'lead_import';
/** the largest file taken */
export const LEAD_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
export const LEAD_IMPORT_MAX_ROWS = 200_000;

const fieldKey = z
  .string()
  .regex(
    /^(firstName|lastName|phone|email|country|language|ip|landing|sourceUrl|userAgent|sub[1-9]|sourceDate|fields\.[\w-]{1,100})$/,
    m('pattern'),
  );

export const leadImportStartSchema = z
  .object({
    offerId: zId(),
    affiliateId: zId(),
    /** lead field → index of the file's column (0-based) */
    mapping: z.record(fieldKey, z.number().int().min(0).max(1000)),
    /** distribute the accepted leads (caps apply), or only store them */
    distribute: z.boolean().default(false),
    /** fire the affiliate's lead postbacks for the imported leads */
    firePostbacks: z.boolean().default(false),
  })
  .strict()
  .superRefine((x, ctx) => {
    if (!Object.keys(x.mapping).length) ctx.addIssue({ code: 'custom', message: 'required', path: ['mapping'] });
    if (!x.distribute && x.firePostbacks) ctx.addIssue({ code: 'custom', message: 'pattern', path: ['firePostbacks'] });
  });
export type LeadImportStart = z.infer<typeof leadImportStartSchema>;

export const leadImportSchema = z.object({
  id: z.number().int(),
  status: z.enum(LEAD_IMPORT_STATUSES),
  fileName: z.string(),
  columns: z.array(z.string()),
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  accepted: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  progress: z.number().int(),
  /** the importer */
  userId: z.number().int(),
  offerId: z.number().int().nullable(),
  affiliateId: z.number().int().nullable(),
  mapping: z.record(z.string(), z.number().int()),
  distribute: z.boolean(),
  firePostbacks: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type LeadImportView = z.infer<typeof leadImportSchema>;

/** a row of `GET /lead-imports` (the past imports of the import screen): the import with the names it refers to */
export const leadImportListItemSchema = leadImportSchema.extend({
  /** the importer's name (or e-mail) */
  userName: z.string(),
  offerTitle: z.string().nullable(),
  /** the affiliate's name (or e-mail) */
  affiliateName: z.string().nullable(),
});
export type LeadImportListItem = z.infer<typeof leadImportListItemSchema>;

/** the upload's answer: the import (draft), the first rows and the mapping guessed from the header */
export const leadImportUploadSchema = leadImportSchema.extend({
  preview: z.array(z.array(z.string())),
  suggested: z.record(z.string(), z.number().int()),
});
export type LeadImportUpload = z.infer<typeof leadImportUploadSchema>;

export const leadImportTemplateQuery = z.object({ offerId: zId().optional() });
/** `GET /lead-imports`: the imports the caller may see (docs/decisions/engine.md), newest first */
export const leadImportListQuery = z.object({
  limit: z.coerce
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(1, { message: 'min' })
    .max(100, { message: 'noMore' })
    .default(25),
  offset: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).default(0),
});

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const ALIASES: Record<string, LeadImportField> = {
  firstname: 'firstName',
  name: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  phone: 'phone',
  phonenumber: 'phone',
  tel: 'phone',
  email: 'email',
  mail: 'email',
  country: 'country',
  geo: 'country',
  language: 'language',
  lang: 'language',
  ip: 'ip',
  landing: 'landing',
  sourceurl: 'sourceUrl',
  useragent: 'userAgent',
  date: 'sourceDate',
  createdat: 'sourceDate',
  sourcedate: 'sourceDate',
};

/** the mapping guessed from a header: a column named like a lead field (or a custom parameter) maps to it */
export function suggestImportMapping(columns: readonly string[], customFields: readonly string[] = []): Record<string, number> {
  const out: Record<string, number> = {};
  columns.forEach((c, i) => {
    const n = norm(c);
    const custom = customFields.find((f) => norm(f) === n);
    const key = /^sub[1-9]$/.test(n) ? n : custom ? `fields.${custom}` : ALIASES[n];
    if (key && out[key] === undefined) out[key] = i;
  });
  return out;
}
