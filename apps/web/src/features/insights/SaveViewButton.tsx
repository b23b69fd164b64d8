/** "Save this view as a report" on /statistics: the view's grouping, filters and order become a saved report. */
import { SaveOutlined } from '@ant-design/icons';
import { ROUTE_PERMISSIONS as P } from '@leadgrid/shared/access/permissions';
import { Button } from 'antd';
import { useState } from 'react';
import type { Query } from '../../api/client';
import { allowed } from '../../app/access';
import { useSession } from '../../app/session';
import { useReportsT } from './reports/i18n';
import { lazyWhenOpen } from '../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const SaveReportModal = lazyWhenOpen(() => import('./reports/SaveReportModal').then((m) => m.SaveReportModal));

/** the view's query as a saved report keeps it (no paging; empty values dropped) */
export function viewQuery(query: Query): Record<string, string | string[] | number | boolean> {
  const out: Record<string, string | string[] | number | boolean> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '' || k === 'limit' || k === 'offset') continue;
    out[k] = Array.isArray(v) ? v.map(String) : (v as string | number | boolean);
  }
  return out;
}

export function SaveViewButton({ query }: { query: Query }) {
  const { t } = useReportsT();
  const { access } = useSession();
  const [open, setOpen] = useState(false);
  if (!allowed(access, P.reports)) return null;
  return (
    <>
      <Button icon={<SaveOutlined />} onClick={() => setOpen(true)} data-testid="save-view-report">
        {t('save.button')}
      </Button>
      <SaveReportModal open={open} onClose={() => setOpen(false)} type="statistics" query={viewQuery(query)} range="custom" viewTitle />
    </>
  );
}
