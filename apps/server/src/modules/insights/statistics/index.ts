/** Statistics: the query service other domains read (dashboard, reports, exports), its roll-ups and jobs. */
export { query as statisticsQuery, leadStatistics } from './statistics.service';
export { backfill as backfillStatistics, compact as compactStatistics, verify as verifyStatistics, type DriftReport } from './rollups';
export { defineStatisticsJobs, STATS_BACKFILL_JOB, STATS_COMPACT_JOB, STATS_VERIFY_JOB } from './statistics.jobs';
export { default as statisticsRoutes } from './statistics.routes';
export { dayStart } from './periods';
export { leadStatisticsExporter, statisticsExporter } from './statistics-export';
