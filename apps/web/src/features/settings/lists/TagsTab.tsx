/** /settings/lists/tags: tags of every entity type, with filters, bulk status change and delete. */
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { TAG_TYPES, type Tag, type TagType } from '@leadgrid/shared/settings/tags';
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
    statusColumn(t('fields.status'), statusFilters),
    { key: 'createdBy', title: t('fields.createdBy'), render: (_, row) => <AuthorCell author={row.createdBy} /> },
    dateTimeColumn('createdAt', t('fields.createdAt'), timezone),
  ];
  if (canWrite) columns.push(editColumn<Tag>(t('actions.edit'), setEditing));

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
        empty={emptyState(
          t('tags.emptyTitle'),
          t('tags.emptyText'),
          canWrite ? { label: t('tags.create'), onClick: () => setEditing('new') } : undefined,
        )}
        toolbar={
          <>
            <SearchBox table={table} placeholder={t('search')} />
            {canWrite ? (
              <CreateButton onClick={() => setEditing('new')} testId="create-tag">
                {t('tags.create')}
              </CreateButton>
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
