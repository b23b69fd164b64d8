/**
 * The detail / edit screens of one list item: /settings/tags/{id} (a tag), /settings/lists/{id} (a category)
 * and /settings/lists/traffic-sources/{id} (a traffic source).
 */
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { Author, TagType } from '@leadgrid/shared/settings/tags';
import { Button, Card, Descriptions, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { categoryHooks, tagHooks, trafficSourceHooks, type ListStatus } from '../../../api/lists';
import { NS } from './i18n';
import { ItemForm, type ItemValues } from './ItemForm';
import { AuthorCell, useConfirmDelete, useConfirmStatus } from '../../../components/listing/parts';

interface Item {
  id: number;
  title: string;
  status: ListStatus;
  createdAt: number;
  type?: TagType;
  createdBy?: Author | null;
}

interface DetailKind {
  key: 'tags' | 'categories' | 'trafficSources';
  hooks: typeof tagHooks | typeof categoryHooks | typeof trafficSourceHooks;
  listPath: string;
  writePermission: string;
  withType?: boolean;
  withAuthor?: boolean;
  canDelete?: boolean;
}

const KINDS: Record<DetailKind['key'], DetailKind> = {
  tags: {
    key: 'tags',
    hooks: tagHooks,
    listPath: '/settings/lists/tags',
    writePermission: 'tag.update',
    withType: true,
    withAuthor: true,
    canDelete: true,
  },
  categories: {
    key: 'categories',
    hooks: categoryHooks,
    listPath: '/settings/lists/categories',
    writePermission: 'category.update',
    withAuthor: true,
  },
  trafficSources: {
    key: 'trafficSources',
    hooks: trafficSourceHooks,
    listPath: '/settings/lists/traffic-sources',
    writePermission: 'traffic_source.update',
  },
};

function ItemDetail({ kind }: { kind: DetailKind }) {
  const { t } = useTranslation(NS);
  const { access, timezone } = useSession();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const detail = kind.hooks.useDetail(id);
  const update = kind.hooks.useUpdate();
  const changeStatus = kind.hooks.useChangeStatus();
  const remove = tagHooks.useDelete();
  const confirmStatus = useConfirmStatus();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState(false);
  const canWrite = allowed(access, kind.writePermission);
  const item = detail.data as Item | undefined;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(kind.listPath)}>
      {t('actions.back')}
    </Button>
  );

  if (detail.error) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Page title={t(`${kind.key}.detail`, { id })}>
        <Card variant="borderless">
          <Result
            status={missing ? '404' : 'warning'}
            title={missing ? t('notFound') : detail.error.message}
            extra={
              <>
                {back}
                {missing ? null : (
                  <Button icon={<ReloadOutlined />} onClick={() => void detail.refetch()}>
                    {t('translation:table.retry')}
                  </Button>
                )}
              </>
            }
          />
        </Card>
      </Page>
    );
  }

  const next: ListStatus = item?.status === 'active' ? 'inactive' : 'active';
  const save = (values: ItemValues) =>
    update.mutateAsync([{ id, title: values.title, status: values.status, ...(kind.withType ? { type: values.type } : {}) }]);

  return (
    <Page
      title={item?.title ?? t(`${kind.key}.detail`, { id })}
      subtitle={t(`${kind.key}.detail`, { id })}
      extra={
        <>
          {back}
          {canWrite && item ? (
            <>
              <Button
                icon={next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                loading={changeStatus.isPending}
                onClick={() => confirmStatus(1, next, () => changeStatus.mutateAsync([{ id, status: next }]))}
              >
                {t(next === 'active' ? 'actions.activate' : 'actions.deactivate')}
              </Button>
              {kind.canDelete ? (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    confirmDelete(1, t('tags.deleteTitle', { count: 1 }), t('tags.deleteText'), async () => {
                      await remove.mutateAsync([id]);
                      navigate(kind.listPath, { replace: true });
                    })
                  }
                >
                  {t('actions.delete')}
                </Button>
              ) : null}
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="detail-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Card variant="borderless">
        {!item ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            colon={false}
            styles={{ label: { width: 160 } }}
            items={[
              { key: 'id', label: t('fields.id'), children: item.id },
              { key: 'title', label: t('fields.title'), children: item.title },
              ...(kind.withType && item.type ? [{ key: 'type', label: t('fields.type'), children: t(`tagTypes.${item.type}`) }] : []),
              { key: 'status', label: t('fields.status'), children: <StatusTag status={item.status} /> },
              { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(item.createdAt, timezone) },
              ...(kind.withAuthor
                ? [{ key: 'createdBy', label: t('fields.createdBy'), children: <AuthorCell author={item.createdBy} /> }]
                : []),
            ]}
          />
        )}
      </Card>
      <ItemForm
        open={editing}
        title={t(`${kind.key}.edit`)}
        initial={item ?? null}
        withType={kind.withType}
        onSave={save}
        onClose={() => setEditing(false)}
      />
    </Page>
  );
}

export function TagDetailPage() {
  return <ItemDetail kind={KINDS.tags} />;
}
export function CategoryDetailPage() {
  return <ItemDetail kind={KINDS.categories} />;
}
export function TrafficSourceDetailPage() {
  return <ItemDetail kind={KINDS.trafficSources} />;
}
