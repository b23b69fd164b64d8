/** The export types the server can run, by type. */
import type { ExportType } from '@leadgrid/shared';
import { clicksExporter } from '../../engine/clicks/clicks-export';
import { conversionsExporter } from '../../engine/conversions/conversions-export';
import {
  affiliatePayoutsExporter,
  advertiserRevenueExporter,
  leadQualityExporter,
  offerPerformanceExporter,
  postbackFailuresExporter,
} from '../reports/reports-export'; // the exporters' own file, as above: the reports barrel leads back here
import { leadStatisticsExporter, statisticsExporter } from '../statistics/statistics-export';
import { leadsExporter } from '../../engine/leads/leads-export';
import type { ExportCursor, Exporter } from './exporters';

type AnyExporter = Exporter<unknown, ExportCursor>;

export const EXPORTERS: Partial<Record<ExportType, AnyExporter>> = {
  leads: leadsExporter as unknown as AnyExporter,
  clicks: clicksExporter as unknown as AnyExporter,
  conversions: conversionsExporter as unknown as AnyExporter,
  statistics: statisticsExporter as unknown as AnyExporter,
  statistics_leads: leadStatisticsExporter as unknown as AnyExporter,
  affiliate_payouts: affiliatePayoutsExporter as unknown as AnyExporter,
  advertiser_revenue: advertiserRevenueExporter as unknown as AnyExporter,
  offer_performance: offerPerformanceExporter as unknown as AnyExporter,
  lead_quality: leadQualityExporter as unknown as AnyExporter,
  postback_failures: postbackFailuresExporter as unknown as AnyExporter,
};
