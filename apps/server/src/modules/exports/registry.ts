/** The export types the server can run, by type. */
import type { ExportType } from '@leadgrid/shared';
import { clicksExporter } from '../clicks/clicks-export';
import { conversionsExporter } from '../conversions/conversions-export';
import { leadStatisticsExporter, statisticsExporter } from '../insights/statistics/statistics-export';
import { leadsExporter } from '../leads/leads-export';
import type { ExportCursor, Exporter } from './exporters';

type AnyExporter = Exporter<unknown, ExportCursor>;

export const EXPORTERS: Partial<Record<ExportType, AnyExporter>> = {
  leads: leadsExporter as unknown as AnyExporter,
  clicks: clicksExporter as unknown as AnyExporter,
  conversions: conversionsExporter as unknown as AnyExporter,
  statistics: statisticsExporter as unknown as AnyExporter,
  statistics_leads: leadStatisticsExporter as unknown as AnyExporter,
};
