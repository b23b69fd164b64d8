/** The export types the server can run, by type. */
import type { ExportType } from '@leadgrid/shared';
import { clicksExporter } from '../../engine/clicks';
import { conversionsExporter } from '../../engine/conversions';
// eslint-disable-next-line leadgrid/domain-boundaries -- the exporters' own file: the reports barrel leads back here (reports.service runs exports)
import {
  affiliatePayoutsExporter,
  advertiserRevenueExporter,
  leadQualityExporter,
  offerPerformanceExporter,
  postbackFailuresExporter,
} from '../reports/reports-export';
import { leadStatisticsExporter, statisticsExporter } from '../statistics';
import { leadsExporter } from '../../engine/leads';
import type { ExportCursor, Exporter } from '../exporters';

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
