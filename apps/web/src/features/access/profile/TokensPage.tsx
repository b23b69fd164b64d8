/**
 * /profile/tokens: personal API tokens. The full token is answered once, at creation (PUT /api-tokens), and
 * shown once in a modal with a copy button; revoking (DELETE /api-tokens {data:[ids]}) asks first.
 */
import { ApiOutlined, DeleteOutlined, KeyOutlined, PlusOutlined, WarningFilled } from '@ant-design/icons';
import { ROUTE_PERMISSIONS } from '@leadgrid/shared/access/permissions';
import { apiTokenCreate, API_TOKENS_MAX } from '@leadgrid/shared/access/users';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { formatDateTime } from '../../../components/format';
import { actionsColumn, dateTimeColumn } from '../../../components/list/columns';
import { ResourceListTable } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { useApiTokens, useCreateApiToken, useRevokeApiTokens, type ApiToken } from './api';
import { CopyButton } from '../../../components/CopyButton';
import { useProfileT } from './i18n';
import { ProfileFrame } from './ProfileFrame';

function CreateTokenModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (token: ApiToken) => void }) {
  const { t } = useProfileT();
  const [form] = Form.useForm<{ title: string }>();
  const create = useCreateApiToken();
  const submit = async ({ title }: { title: string }) => {
    try {
      const token = await create.mutateAsync(title.trim());
      form.resetFields();
      onCreated(token);
    } catch (err) {
      applyServerErrors(form, err);
    }
  };
  return (
    <Modal
      open={open}
      title={t('tokens.createTitle')}
      okText={t('tokens.create')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('tokens.createText')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="title"
          label={t('tokens.columns.title')}
          rules={[requiredRule(t), zodRule(apiTokenCreate.shape.title, t)]}
          style={{ marginBottom: 8 }}
        >
          <Input placeholder={t('tokens.titlePlaceholder')} maxLength={200} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The new token, once: copy it now, it will not be shown again. */
function TokenShownOnce({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const { t } = useProfileT();
  const { token: design } = theme.useToken();
  return (
    <Modal
      open={Boolean(token)}
      title={
        <Flex align="center" gap={8}>
          <KeyOutlined style={{ color: design.colorPrimary }} />
          {t('tokens.createdTitle', { title: token?.title ?? '' })}
        </Flex>
      }
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="token-done">
          {t('tokens.done')}
        </Button>
      }
      width={560}
    >
      <Flex vertical gap={16} style={{ paddingTop: 4 }} data-testid="token-shown-once">
        <Alert type="warning" showIcon icon={<WarningFilled />} title={t('tokens.onceTitle')} description={t('tokens.onceText')} />
        <Flex gap={8}>
          <Input
            readOnly
            size="large"
            value={token?.token ?? ''}
            style={{ fontFamily: design.fontFamilyCode, fontSize: 13 }}
            aria-label={t('tokens.fullToken')}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="token-value"
          />
          <CopyButton text={token?.token ?? ''} type="primary" size="large" label={t('common.copy')} style={{ flexShrink: 0 }} />
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('tokens.usage')}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}

export default function TokensPage() {
  const { t } = useProfileT();
  const { modal } = App.useApp();
  const { token: design } = theme.useToken();
  const { timezone, access } = useSession();
  // the integration guide is for whoever sees offers (the route's permission)
  const canGuide = allowed(access, ROUTE_PERMISSIONS.offers);
  // every token in one answer (at most API_TOKENS_MAX): the table pages them itself
  const resource = useResourceList({ useList: () => useApiTokens() });
  const { selected, selectedRows, setSelected } = resource;
  const revoke = useRevokeApiTokens();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiToken | null>(null);
  const count = resource.list.data?.items.length ?? 0;
  const full = count >= API_TOKENS_MAX;

  const confirmRevoke = (rows: ApiToken[]) =>
    modal.confirm({
      title: rows.length === 1 ? t('tokens.revokeTitle', { title: rows[0].title }) : t('tokens.revokeManyTitle', { count: rows.length }),
      content: t('tokens.revokeText'),
      okText: t('tokens.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await revoke.mutateAsync(rows.map((r) => r.id));
          setSelected((ids) => ids.filter((id) => !rows.some((r) => r.id === id)));
        } catch {
          // toasted by the client
        }
      },
    });

  const columns: DataColumn<ApiToken>[] = [
    {
      key: 'title',
      title: t('tokens.columns.title'),
      alwaysVisible: true,
      render: (_v, row) => <Typography.Text strong>{row.title}</Typography.Text>,
    },
    {
      key: 'prefix',
      title: t('tokens.columns.prefix'),
      render: (_v, row) => (
        <Typography.Text code style={{ fontFamily: design.fontFamilyCode }}>
          {row.prefix}…
        </Typography.Text>
      ),
    },
    { ...dateTimeColumn('createdAt', t('tokens.columns.createdAt'), timezone), sortable: false },
    {
      key: 'lastUsedAt',
      title: t('tokens.columns.lastUsedAt'),
      render: (_v, row) =>
        row.lastUsedAt ? (
          formatDateTime(row.lastUsedAt, timezone)
        ) : (
          <Typography.Text type="secondary">{t('tokens.neverUsed')}</Typography.Text>
        ),
    },
    actionsColumn(
      t('tokens.columns.actions'),
      (row) => (
        <Tooltip title={t('tokens.revoke')}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirmRevoke([row])}
            aria-label={`${t('tokens.revoke')}: ${row.title}`}
          />
        </Tooltip>
      ),
      72,
    ),
  ];

  const createButton = (
    <Tooltip title={full ? t('tokens.limit', { max: API_TOKENS_MAX }) : undefined}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} disabled={full} data-testid="token-create">
        {t('tokens.create')}
      </Button>
    </Tooltip>
  );

  return (
    <ProfileFrame>
      {canGuide ? (
        <Alert
          type="info"
          showIcon
          icon={<ApiOutlined />}
          title={t('tokens.guideTitle')}
          description={t('tokens.guideText')}
          data-testid="tokens-guide"
          action={
            <Link to="/integration-guide">
              <Button type="primary" ghost>
                {t('tokens.guide')}
              </Button>
            </Link>
          }
        />
      ) : null}
      <Card variant="borderless">
        <Typography.Paragraph type="secondary" style={{ marginTop: 0, maxWidth: 760 }}>
          {t('tokens.text')}
        </Typography.Paragraph>
        <ResourceListTable<ApiToken>
          resource={resource}
          name="profile.apiTokens"
          columns={columns}
          selectable
          empty={{ title: t('tokens.emptyTitle'), description: t('tokens.emptyText'), action: createButton }}
          toolbar={
            <Flex gap={8} align="center" wrap>
              {createButton}
              {selected.length ? (
                <Button danger icon={<DeleteOutlined />} onClick={() => confirmRevoke(selectedRows)}>
                  {t('tokens.revokeSelected', { count: selected.length })}
                </Button>
              ) : null}
              <Typography.Text type="secondary">{t('tokens.count', { count, max: API_TOKENS_MAX })}</Typography.Text>
            </Flex>
          }
        />
      </Card>
      <CreateTokenModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
        }}
      />
      <TokenShownOnce token={created} onClose={() => setCreated(null)} />
    </ProfileFrame>
  );
}
