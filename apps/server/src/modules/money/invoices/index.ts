export { default as invoicesRoutes } from './invoices.routes';
export { AUTO_INVOICES_JOB, defineInvoiceJobs } from './invoices.jobs';
export { ofConversion as invoicesOfConversion } from './invoices.service';
