/**
 * What an export type knows: who may start it, how its query is read, and how its rows are read page by page in the
 * owner's scope. Each type lives with its domain (e.g. leads/leads-export.ts) and is listed in registry.ts; the export
 * job, the routes and the server-sent events are the same for every type.
 */
import type { ExportType } from '@leadgrid/shared';
import type { z } from 'zod';
import type { Ctx } from '../../http/context';
import type { CsvValue } from './csv';

/** where a page starts: the last id read (leads, conversions) or a key of a type ordered by more than an id (clicks) */
export type ExportCursor = number | string;

export interface ExportPage<C extends ExportCursor = number> {
  rows: CsvValue[][];
  /** where the next page starts; null when this was the last */
  cursor: C | null;
}

export interface Exporter<Q = unknown, C extends ExportCursor = number> {
  type: ExportType;
  /** the owner needs one of these (the read permissions of the list) */
  permission: readonly string[];
  /** the list query of the type */
  schema: z.ZodType<Q>;
  /** the file name without extension */
  fileName: string;
  count(ctx: Ctx, query: Q): Promise<number>;
  header(ctx: Ctx): string[];
  /** the header when it depends on the query (e.g. the metric columns a statistics export has); `header` otherwise */
  headerOf?(ctx: Ctx, query: Q): Promise<string[]>;
  page(ctx: Ctx, query: Q, cursor: C | null, size: number): Promise<ExportPage<C>>;
}
