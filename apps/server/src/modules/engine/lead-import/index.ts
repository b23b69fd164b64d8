/** Lead import (traffic area): its routes, job and service. */
export { default as leadImportRoutes } from './lead-import.routes';
export { defineLeadImportJobs } from './lead-import.jobs';
export { LEAD_IMPORT_JOB, run as runLeadImport } from './lead-import.service';
export { leadImportRows, leadImports } from './lead-import.tables';
