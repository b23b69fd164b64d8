/** The leads domain's surface for other domains (style §1). */
export { distributeLead } from './distribution';
export { directReads, type LeadSource, type LeadVertical } from './engine-reads';
export { checkLeadValues } from './intake';
export { fireLeadEvents, type LeadChange, mutedByImport } from './lead-events';
export { INSERT, insertRow, type LeadInsert } from './lead-writer';
export { leadsExporter } from './leads-export';
export { isStaff } from './leads-query';
export { LEAD_SWEEP_JOB } from './leads.jobs';
export { detail, readable } from './leads.service';
