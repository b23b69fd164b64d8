/** The export types the server can run, by type. */
import type { ExportType } from '@leadgrid/shared';
import { leadsExporter } from '../leads/leads-export';
import type { Exporter } from './exporters';

export const EXPORTERS: Partial<Record<ExportType, Exporter<unknown>>> = {
  leads: leadsExporter as unknown as Exporter<unknown>,
};
