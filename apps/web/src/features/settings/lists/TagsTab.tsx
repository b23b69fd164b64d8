/** /settings/lists/tags: tags of every entity type, with filters, bulk status change and delete. */
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { TAG_TYPES, type Tag, type TagType } from '@leadgrid/shared/settings/tags';
import { Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { ResourceListTable } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { tagHooks } from '../../../api/lists';
import { NS } from './i18n';
import { ItemForm, type ItemValues } from './ItemForm';
import { AuthorCell, BulkBar, SearchBox, useConfirmDelete, useBulkStatus, useStatusFilters } from '../../../components/listing/parts';

export const TAG_WRITE = 'tag.update';

export function TagsTab() {
  const { t } = useTranslation(NS);
  const { access, timezone } = useSession();
  const canWrite = allowed(access, TAG_WRITE);
  const resource = useResourceList({ defaultOrderBy: 'id:desc', filters: ['search', 'status', 'type'], useList: tagHooks.useList });
  const { table, clearSelection } = resource;
  const create = tagHooks.useCreate();
  const update = tagHooks.useUpdate();
  const changeStatus = tagHooks.useChangeStatus();
  const remove = tagHooks.useDelete();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const confirmDelete = useConfirmDelete();
  const statusFilters = useStatusFilters(ACTIVE_STATUSES);
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);

  const typeFilter = table.filters.type?.split(',');
  const defaultType = typeFilter?.length === 1 ? (typeFilter[0] as TagType) : undefined;

  const columns: DataColumn<Tag>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 90 },
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_, row) => (
        <Link to={`/settings/tags/${row.id}`} data-testid="tag-title">
          {row.title}
        </Link>
      ),
    },
    {
      key: 'type',
      title: t('fields.type'),
      sortable: true,
      filters: TAG_TYPES.map((type) => ({ text: t(`tagTypes.${type}`), value: type })),
      render: (type: TagType) => t(`tagTypes.${type}`),
    },
    { key: 'status', title: t('fields.status'), sortable: true, filters: statusFilters, render: (s: string) => <StatusTag status={s} /> },
    { key: 'createdBy', title: t('fields.createdBy'), render: (_, row) => <AuthorCell author={row.createdBy} /> },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      sortable: true,
      render: (s: number) => <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s, timezone)}</Typography.Text>,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: '',
      settingsLabel: t('actions.edit'),
      alwaysVisible: true,
      width: 56,
      align: 'right',
      fixed: 'right',
      render: (_, row) => (
        <Tooltip title={t('actions.edit')}>
          <Button type="text" icon={<EditOutlined />} aria-label={t('actions.edit')} onClick={() => setEditing(row)} />
        </Tooltip>
      ),
    });
  }

  const save = (values: ItemValues) =>
    editing && editing !== 'new'
      ? update.mutateAsync([{ id: editing.id, ...values }])
      : create.mutateAsync([{ title: values.title, type: values.type!, status: values.status }]);

  return (
    <>
      <ResourceListTable<Tag>
        resource={resource}
        name="settings.tags"
        columns={columns}
        selectable={canWrite}
        empty={{
          title: t('tags.emptyTitle'),
          description: t('tags.emptyText'),
          action: canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('tags.create')}
            </Button>
          ) : undefined,
        }}
        toolbar={
          <>
            <SearchBox table={table} placeholder={t('search')} />
            {canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="create-tag">
                {t('tags.create')}
              </Button>
            ) : null}
          </>
        }
        bulk={(ids) => (
          <BulkBar
            count={ids.length}
            onClear={clearSelection}
            busy={changeStatus.isPending || remove.isPending}
            onStatus={(status) => bulkStatus(ids, status)}
            onDelete={() =>
              confirmDelete(ids.length, t('tags.deleteTitle', { count: ids.length }), t('tags.deleteText'), async () => {
                await remove.mutateAsync(ids);
                clearSelection();
              })
            }
          />
        )}
      />
      <ItemForm
        open={editing !== null}
        title={editing === 'new' ? t('tags.create') : t('tags.edit')}
        initial={editing && editing !== 'new' ? editing : null}
        withType
        defaultType={defaultType}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
