/**
 * /settings/lists/categories and /settings/lists/traffic-sources: a titled list with a status — filters,
 * sorting, paging, bulk status change and the create / edit form.
 */
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import type { Author } from '@leadgrid/shared/settings/tags';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { dateTimeColumn, editColumn, statusColumn } from '../../../components/list/columns';
import { CreateButton, emptyState } from '../../../components/list/CreateButton';
import { ResourceListTable } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { categoryHooks, trafficSourceHooks, type ListStatus } from '../../../api/lists';
import { NS } from './i18n';
import { ItemForm, type ItemValues } from './ItemForm';
import { AuthorCell, BulkBar, SearchBox, useBulkStatus, useStatusFilters } from '../../../components/listing/parts';

interface Row {
  id: number;
  title: string;
  status: ListStatus;
  createdAt: number;
  createdBy?: Author | null;
}

export interface SimpleListKind {
  /** i18n prefix and table settings name */
  key: 'categories' | 'trafficSources';
  hooks: typeof categoryHooks | typeof trafficSourceHooks;
  /** the detail route of one row */
  detailPath(id: number): string;
  writePermission: string;
  withAuthor: boolean;
}

export const CATEGORIES: SimpleListKind = {
  key: 'categories',
  hooks: categoryHooks,
  detailPath: (id) => `/settings/lists/${id}`,
  writePermission: 'category.update',
  withAuthor: true,
};
export const TRAFFIC_SOURCES: SimpleListKind = {
  key: 'trafficSources',
  hooks: trafficSourceHooks,
  detailPath: (id) => `/settings/lists/traffic-sources/${id}`,
  writePermission: 'traffic_source.update',
  withAuthor: false,
};

export function SimpleListTab({ kind }: { kind: SimpleListKind }) {
  const { t } = useTranslation(NS);
  const { access, timezone } = useSession();
  const canWrite = allowed(access, kind.writePermission);
  const resource = useResourceList({ defaultOrderBy: 'id:desc', filters: ['search', 'status'], useList: kind.hooks.useList });
  const { table, clearSelection } = resource;
  const create = kind.hooks.useCreate();
  const update = kind.hooks.useUpdate();
  const changeStatus = kind.hooks.useChangeStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const statusFilters = useStatusFilters(ACTIVE_STATUSES);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);

  const columns: DataColumn<Row>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 90 },
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_, row) => (
        <Link to={kind.detailPath(row.id)} data-testid="item-title">
          {row.title}
        </Link>
      ),
    },
    statusColumn(t('fields.status'), statusFilters),
    ...(kind.withAuthor
      ? [{ key: 'createdBy', title: t('fields.createdBy'), render: (_: unknown, row: Row) => <AuthorCell author={row.createdBy} /> }]
      : []),
    dateTimeColumn('createdAt', t('fields.createdAt'), timezone),
  ];
  if (canWrite) columns.push(editColumn<Row>(t('actions.edit'), setEditing));

  const save = ({ title, status }: ItemValues) =>
    editing && editing !== 'new' ? update.mutateAsync([{ id: editing.id, title, status }]) : create.mutateAsync([{ title, status }]);

  return (
    <>
      <ResourceListTable<Row>
        resource={resource}
        name={`settings.${kind.key}`}
        columns={columns}
        selectable={canWrite}
        empty={emptyState(
          t(`${kind.key}.emptyTitle`),
          t(`${kind.key}.emptyText`),
          canWrite ? { label: t(`${kind.key}.create`), onClick: () => setEditing('new') } : undefined,
        )}
        toolbar={
          <>
            <SearchBox table={table} placeholder={t('search')} />
            {canWrite ? (
              <CreateButton onClick={() => setEditing('new')} testId={`create-${kind.key}`}>
                {t(`${kind.key}.create`)}
              </CreateButton>
            ) : null}
          </>
        }
        bulk={(ids) => (
          <BulkBar
            count={ids.length}
            onClear={clearSelection}
            busy={changeStatus.isPending}
            onStatus={(status) => bulkStatus(ids, status)}
          />
        )}
      />
      <ItemForm
        open={editing !== null}
        title={editing === 'new' ? t(`${kind.key}.create`) : t(`${kind.key}.edit`)}
        initial={editing && editing !== 'new' ? editing : null}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
