/**
 * The pieces of a record's sub-list (an offer's caps, landers, creatives, payment rules): the card with the list's
 * title, its count and its create button, the empty state (nothing yet, with the create button, or nothing found), and
 * the row actions column (edit, then a menu that starts with the status change).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import type { DataColumn } from '../table/DataTable';
import { EditButton, RowMenu } from './columns';

export function SubListCard({
  title,
  count,
  create,
  testId,
  children,
}: {
  title: ReactNode;
  /** the list's total, once known */
  count: number | undefined;
  create: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          {title}
          {count !== undefined ? <Tag style={{ marginInlineEnd: 0 }}>{count}</Tag> : null}
        </Flex>
      }
      extra={create}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

export function CreateButton({
  onClick,
  testId,
  plain,
  children,
}: {
  onClick: () => void;
  testId?: string;
  plain?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type={plain ? undefined : 'primary'} icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

/** the empty state of a sub-list: nothing found for the filters, or nothing yet (with `create` when the user may) */
export function subListEmpty(
  filtered: boolean,
  texts: { filteredTitle: string; filtered: string; title: string; text: string },
  create: ReactNode,
) {
  return filtered
    ? { title: texts.filteredTitle, description: texts.filtered }
    : { title: texts.title, description: texts.text, action: create || undefined };
}

export interface RowActionTexts {
  /** the column's name in the column settings */
  actions: string;
  edit: string;
  more: string;
  activate: string;
  deactivate: string;
}

/** the last column: edit, and a menu with the status change first and then `menu` (`<testId>-edit`, `<testId>-more`) */
export function rowActionsColumn<T extends { id: number; status: string }>({
  texts,
  testId,
  onEdit,
  onStatus,
  menu,
}: {
  texts: RowActionTexts;
  testId: string;
  onEdit: (row: T) => void;
  onStatus: (ids: number[], next: 'active' | 'inactive') => void;
  menu: (row: T) => NonNullable<MenuProps['items']>;
}): DataColumn<T> {
  return {
    key: 'actions',
    title: '',
    settingsLabel: texts.actions,
    alwaysVisible: true,
    width: 88,
    // pinned by CSS, not rc-table's `fixed` (components/list/columns.tsx, actionsColumn)
    className: 'lg-col-pinned',
    align: 'right',
    render: (_: unknown, row: T) => (
      <div className="lg-cell-line" style={{ gap: 0, justifyContent: 'flex-end' }}>
        <EditButton label={texts.edit} onClick={() => onEdit(row)} testId={`${testId}-edit`} />
        <RowMenu
          label={texts.more}
          name={`#${row.id}`}
          testId={`${testId}-more`}
          menu={{
            items: [
              row.status === 'active'
                ? { key: 'off', label: texts.deactivate, onClick: () => onStatus([row.id], 'inactive') }
                : { key: 'on', label: texts.activate, onClick: () => onStatus([row.id], 'active') },
              ...menu(row),
            ],
          }}
        />
      </div>
    ),
  };
}
