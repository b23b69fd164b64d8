/**
 * A list page from the kit: the page header (title, subtitle, actions), what stands above the table (alerts), and the
 * card holding the table with its toolbar, pagination, bulk bar and empty / loading / error states (`DataTable`).
 * `ResourceListTable` is the table alone, for a list inside another card (a tab of a record).
 */
import { Card, Flex } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { Page } from '../Page';
import { CreateButton } from './CreateButton';
import { DataTable, type DataTableProps } from '../table/DataTable';
import type { ListMeta, ResourceList } from './useResourceList';

export interface ResourceListTableProps<T, K extends Key = number> extends Omit<
  DataTableProps<T>,
  'table' | 'data' | 'error' | 'onRetry' | 'rowSelection' | 'title'
> {
  resource: ResourceList<T, ListMeta, K>;
  /** rows can be selected for a bulk action (`true`, or antd's options such as `getCheckboxProps`) */
  selectable?: boolean | Omit<TableRowSelection<T>, 'selectedRowKeys' | 'onChange'>;
  /** the bulk bar shown above the rows while some are selected */
  bulk?: (selected: K[]) => ReactNode;
}

export function ResourceListTable<T extends object, K extends Key = number>({
  resource,
  selectable,
  bulk,
  loading,
  ...rest
}: ResourceListTableProps<T, K>) {
  const { table, list, selected } = resource;
  return (
    <DataTable<T>
      table={table}
      data={list.data}
      loading={loading ?? list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      rowSelection={selectable ? resource.rowSelection(selectable === true ? undefined : selectable) : undefined}
      title={bulk && selected.length ? () => bulk(selected) : undefined}
      {...rest}
    />
  );
}

export interface ResourceListPageProps<T> extends ResourceListTableProps<T> {
  title: ReactNode;
  subtitle?: ReactNode;
  /** the header's buttons (export, …) */
  actions?: ReactNode;
  /** the header's primary create button, after `actions` (left out for a user who may not create) */
  create?: { label: ReactNode; onClick: () => void; testId?: string } | false;
  /** shown between the header and the card (alerts, refusals) */
  above?: ReactNode;
  /** shown in the card above the table (the status tabs) */
  tabs?: ReactNode;
  /** drawers and modals of the page */
  children?: ReactNode;
}

export function ResourceListPage<T extends object>({
  title,
  subtitle,
  actions,
  create,
  above,
  tabs,
  children,
  ...table
}: ResourceListPageProps<T>) {
  return (
    <Page
      title={title}
      subtitle={subtitle}
      extra={
        create ? (
          <>
            {actions}
            <CreateButton onClick={create.onClick} testId={create.testId}>
              {create.label}
            </CreateButton>
          </>
        ) : (
          actions
        )
      }
    >
      {above}
      <Card variant="borderless">
        {tabs ? (
          <Flex vertical gap={12}>
            {tabs}
            <ResourceListTable<T> {...table} />
          </Flex>
        ) : (
          <ResourceListTable<T> {...table} />
        )}
      </Card>
      {children}
    </Page>
  );
}
