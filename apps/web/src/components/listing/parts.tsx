/**
 * Pieces the settings lists share (tags, categories, traffic sources, domain parking): the bulk action bar
 * with its confirmation popup, the author cell, the search box and the status filter of a column.
 */
import { CheckCircleOutlined, CloseCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import type { Author } from '@leadgrid/shared/settings/tags';
import { App, Button, Flex, Input, Tooltip, Typography, theme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../table/useTable';
import { NS } from './i18n';

export const authorName = (a: Author | null | undefined) => (a ? `${a.firstName} ${a.lastName}`.trim() || a.email : '—');

export function AuthorCell({ author }: { author: Author | null | undefined }) {
  if (!author) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tooltip title={author.email}>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>{authorName(author)}</Typography.Text>
    </Tooltip>
  );
}

/** The column filter of a status column: the values as antd filter options with translated labels. */
export function useStatusFilters(statuses: readonly string[]) {
  const { t } = useTranslation();
  return statuses.map((s) => ({ text: t(`status.${s}`), value: s }));
}

/** A search box bound to the `search` filter of a table; it keeps what is typed until it is submitted. */
export function SearchBox({ table, placeholder }: { table: TableState; placeholder: string }) {
  const current = table.filters.search ?? '';
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  return (
    <Input.Search
      allowClear
      value={value}
      placeholder={placeholder}
      onChange={(e) => {
        setValue(e.target.value);
        if (!e.target.value && current) table.setFilters({ search: null });
      }}
      onSearch={(v) => table.setFilters({ search: v.trim() || null })}
      style={{ width: 280, maxWidth: '100%' }}
      data-testid="list-search"
    />
  );
}

/** Asks before a status change (product §4: status changes go through a confirmation popup). */
export function useConfirmStatus() {
  const { modal } = App.useApp();
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  return (count: number, status: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: t('status.confirmTitle', { count, status: tc(`status.${status}`) }),
      content: t('status.confirmText'),
      okText: t('status.confirm'),
      cancelText: t('actions.cancel'),
      onOk: () => run(),
    });
}

/** The status change of the selected rows: asked first, then written, then `done` (the selection cleared). */
export function useBulkStatus(
  write: { mutateAsync: (items: { id: number; status: 'active' | 'inactive' }[]) => Promise<unknown> },
  done: () => void,
) {
  const confirmStatus = useConfirmStatus();
  return (ids: number[], status: 'active' | 'inactive') =>
    confirmStatus(ids.length, status, async () => {
      await write.mutateAsync(ids.map((id) => ({ id, status })));
      done();
    });
}

export function useConfirmDelete() {
  const { modal } = App.useApp();
  const { t } = useTranslation(NS);
  return (count: number, title: string, text: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title,
      content: text,
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => run(),
    });
}

/** Shown above a table while rows are selected: the count, activate / deactivate, and extra actions. */
export function BulkBar({
  count,
  onClear,
  onStatus,
  onDelete,
  busy,
  extra,
}: {
  count: number;
  onClear: () => void;
  onStatus?: (status: 'active' | 'inactive') => void;
  onDelete?: () => void;
  busy?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  if (count === 0) return null;
  return (
    <Flex
      align="center"
      gap={8}
      wrap
      data-testid="bulk-bar"
      style={{
        padding: '8px 12px',
        borderRadius: token.borderRadiusLG,
        background: token.colorPrimaryBg,
        border: `1px solid ${token.colorPrimaryBorder}`,
      }}
    >
      <Typography.Text strong style={{ marginInlineEnd: 4 }}>
        {t('actions.selected', { count })}
      </Typography.Text>
      {onStatus ? (
        <>
          <Button size="small" icon={<CheckCircleOutlined />} disabled={busy} onClick={() => onStatus('active')}>
            {t('actions.activate')}
          </Button>
          <Button size="small" icon={<CloseCircleOutlined />} disabled={busy} onClick={() => onStatus('inactive')}>
            {t('actions.deactivate')}
          </Button>
        </>
      ) : null}
      {onDelete ? (
        <Button size="small" danger icon={<DeleteOutlined />} disabled={busy} onClick={onDelete}>
          {t('actions.delete')}
        </Button>
      ) : null}
      {extra}
      <Button size="small" type="link" onClick={onClear}>
        {t('actions.clearSelection')}
      </Button>
    </Flex>
  );
}
