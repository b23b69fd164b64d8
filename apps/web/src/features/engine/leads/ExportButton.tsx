/** The leads list's export: the shared export button (components/export) of type `leads`. */
import type { Query } from '../../../api/client';
import { ExportButton as ListExportButton } from '../../../components/export/ExportButton';

export const ExportButton = ({ query }: { query: Query }) => <ListExportButton type="leads" query={query} testId="lead-export" />;
