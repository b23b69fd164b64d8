/** Reports: saved and scheduled reports, the ready reports' export types, their routes and jobs. */
export {
  affiliatePayoutsExporter,
  advertiserRevenueExporter,
  leadQualityExporter,
  offerPerformanceExporter,
  postbackFailuresExporter,
} from './reports-export';
export { defineReportJobs } from './reports.jobs';
export { REPORT_SEND_JOB, REPORT_TICK_JOB } from './reports.service';
export { reportSends, reports } from './reports.tables';
export { default as reportsRoutes } from './reports.routes';
