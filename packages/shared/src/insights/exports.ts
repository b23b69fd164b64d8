/**
 * Exports (architecture §5 "Exports and events"): `POST /exports {type, query}` starts a job that writes a CSV file in
 * pages; its progress reaches the browser over server-sent events (`GET /events`, event name per type, e.g.
 * `export_lead`); the file is then fetched with `GET /exports/:id/file` (the owner only).
 */
import { z } from 'zod';
import { zId } from '../validation';

/** the export types and the server-sent event each one reports its progress with */
export const EXPORT_EVENTS = {
  leads: 'export_lead',
  conversions: 'export_conversion',
  clicks: 'export_click',
  statistics: 'export_statistics',
  statistics_leads: 'export_statistics_leads',
  // the ready reports (insights/reports.ts)
  affiliate_payouts: 'export_report',
  advertiser_revenue: 'export_report',
  offer_performance: 'export_report',
  lead_quality: 'export_report',
  postback_failures: 'export_report',
} as const;
export type ExportType = keyof typeof EXPORT_EVENTS;
/** the types the server can export today */
export const EXPORT_TYPES = [
  'leads',
  'clicks',
  'conversions',
  'statistics',
  'statistics_leads',
  'affiliate_payouts',
  'advertiser_revenue',
  'offer_performance',
  'lead_quality',
  'postback_failures',
] as const satisfies readonly ExportType[];
/** the file formats: CSV (RFC 4180) or an Excel workbook of one sheet */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** `expired`: the retention (EXPORT_KEEP_DAYS) removed the file; the row stays a while to say so */
export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** rows an export writes at most */
export const EXPORT_MAX_ROWS = 1_000_000;

export const exportCreateSchema = z.object({
  type: z.enum(EXPORT_TYPES, { message: 'pattern' }),
  /** the list query of the type (its filters; paging is ignored), e.g. `GET /leads`'s */
  query: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.number(), z.boolean()])).default({}),
  format: z.enum(EXPORT_FORMATS, { message: 'pattern' }).default('csv'),
});
export type ExportCreate = z.input<typeof exportCreateSchema>;

export const exportSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0..100 */
  progress: z.number().int(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** bytes of the file once written */
  fileSize: z.number().int().nullable(),
  /** seconds: when the file is removed (createdAt + the retention) */
  expiresAt: z.number().int(),
});
export type ExportView = z.infer<typeof exportSchema>;
export const exportParams = z.object({ id: zId() });
/** `GET /exports`: the caller's own exports and reports, newest first */
export const exportListQuery = z.object({
  limit: z.coerce
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(1, { message: 'min' })
    .max(100, { message: 'noMore' })
    .default(25),
  offset: z.coerce.number({ message: 'number' }).int({ message: 'number' }).min(0, { message: 'min' }).default(0),
});

/** `POST /events/token`: a short-lived token for `GET /events?token=…` (EventSource cannot send headers) */
export const eventsTokenSchema = z.object({ token: z.string(), expiresIn: z.number().int() });
export const eventsQuery = z.object({ token: z.string().min(1, { message: 'required' }).max(2000, { message: 'maxlength' }) });

/** the `data` of one server-sent event of an export (`event: export_lead` …) */
export const exportEventSchema = exportSchema;
export type ExportEvent = z.infer<typeof exportEventSchema>;
