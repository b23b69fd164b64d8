/**
 * /settings/platforms/{id} (front.settings.platforms.read; writes platform.update): one platform — its details and
 * integration methods, its integration templates (each opens /settings/integration-templates/{id}/general) and the
 * advertisers running it. Deleting is refused while any of those exist; the refusal stays on the page.
 */
import { CheckCircleOutlined, CloseCircleOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { IntegrationTemplate } from '@leadgrid/shared/sell-side/integration-templates';
import type { Platform } from '@leadgrid/shared/sell-side/platforms';
import { INTEGRATION_METHODS } from '@leadgrid/shared/sell-side/sell-side';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Flex, Row, Skeleton, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../../api/client';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import type { ListData } from '../../../components/table/DataTable';
import { formatDateTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { AuthorCell } from '../../../components/listing/parts';
import { DeleteRefusalAlert, useConfirmPlatformStatus, useDeletePlatform } from './actions';
import { usePlatform, usePlatformAdvertisers } from './api';
import { NS } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { PLATFORM_WRITE, TEMPLATES_READ } from './parts';
import { BackButton, DetailHeading, DetailPage } from '../../../components/detail/DetailPage';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const PlatformDrawer = lazyWhenOpen(() => import('./PlatformDrawer').then((m) => m.PlatformDrawer));

const ADVERTISERS_READ = 'front.menu.advertisers.read';

function Details({ p }: { p: Platform }) {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const { token } = theme.useToken();
  return (
    <Card variant="borderless" title={t('detail.details')}>
      <Flex vertical gap={20}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          colon={false}
          styles={{ label: { width: 130 } }}
          items={[
            {
              key: 'description',
              label: t('fields.description'),
              span: 'filled',
              children: p.description ? (
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{p.description}</Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t('detail.noDescription')}</Typography.Text>
              ),
            },
            { key: 'id', label: t('fields.id'), children: <Typography.Text copyable={{ text: String(p.id) }}>#{p.id}</Typography.Text> },
            { key: 'status', label: t('fields.status'), children: <StatusTag status={p.status} /> },
            { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(p.createdAt, timezone) },
            { key: 'createdBy', label: t('fields.createdBy'), children: <AuthorCell author={p.createdBy} /> },
          ]}
        />
        <div>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            {t('fields.methods')}
          </Typography.Text>
          <Row gutter={[10, 10]} data-testid="platform-detail-methods">
            {INTEGRATION_METHODS.map((m) => {
              const on = p.methods.includes(m);
              return (
                <Col key={m} xs={24} md={12}>
                  <Flex
                    gap={10}
                    align="flex-start"
                    style={{
                      height: '100%',
                      padding: '10px 12px',
                      borderRadius: token.borderRadiusLG,
                      // an unsupported method reads by its dashed border and grey cross, not by fading (its
                      // secondary text must keep 4.5:1: docs/decisions/web.md "Accessibility check")
                      border: `1px ${on ? 'solid' : 'dashed'} ${on ? token.colorSuccessBorder : token.colorBorder}`,
                      background: on ? token.colorSuccessBg : undefined,
                    }}
                  >
                    {on ? (
                      <CheckCircleOutlined style={{ color: token.colorSuccess, marginTop: 4 }} />
                    ) : (
                      <CloseCircleOutlined style={{ color: token.colorTextQuaternary, marginTop: 4 }} />
                    )}
                    <Flex vertical>
                      <Typography.Text strong>
                        {t(`methods.${m}`)}{' '}
                        <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 12 }}>
                          {on ? t('detail.supported') : t('detail.notSupported')}
                        </Typography.Text>
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t(`methodHints.${m}`)}
                      </Typography.Text>
                    </Flex>
                  </Flex>
                </Col>
              );
            })}
          </Row>
        </div>
      </Flex>
    </Card>
  );
}

/** The templates of the platform; with the templates permission also their vertical, status and restrictions. */
function Templates({ p }: { p: Platform }) {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const canOpen = allowed(access, TEMPLATES_READ);
  const full = useQuery({
    queryKey: ['platforms', 'templates', p.id],
    queryFn: ({ signal }) =>
      api
        .get<ListData<IntegrationTemplate>>(
          '/integration-templates',
          { platformId: p.id, limit: 1000, orderBy: 'title:asc' },
          { signal, silent: true },
        )
        .then((d) => d.items),
    enabled: canOpen && p.templates.length > 0,
    staleTime: 30_000,
  });
  const rows: { id: number; title: string; vertical?: { id: number; title: string }; status?: string; restrictions?: string[] }[] =
    full.data?.map((x) => ({
      id: x.id,
      title: x.title,
      vertical: x.vertical,
      status: x.status,
      restrictions: x.integrationMethodsRestrictions,
    })) ?? p.templates;
  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center">
          <span>{t('detail.templates')}</span>
          <Tag style={{ marginInlineEnd: 0 }}>{p.templates.length}</Tag>
        </Flex>
      }
      extra={canOpen ? <Link to="/settings/integration-templates/active">{t('detail.allTemplates')}</Link> : undefined}
      data-testid="platform-templates"
    >
      {p.templates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noTemplates')} style={{ margin: '8px 0' }} />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          pagination={false}
          loading={full.isLoading}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'title',
              title: t('fields.title'),
              render: (_, x) =>
                canOpen ? (
                  <Link
                    to={`/settings/integration-templates/${x.id}/general`}
                    style={{ fontWeight: 600 }}
                    data-testid="platform-template-link"
                  >
                    {x.title}
                  </Link>
                ) : (
                  <Typography.Text strong>{x.title}</Typography.Text>
                ),
            },
            ...(full.data
              ? [
                  {
                    key: 'vertical',
                    title: t('fields.vertical'),
                    render: (_: unknown, x: (typeof rows)[number]) =>
                      x.vertical ? <Link to={`/settings/verticals/${x.vertical.id}/general`}>{x.vertical.title}</Link> : null,
                  },
                  {
                    key: 'status',
                    title: t('fields.status'),
                    render: (_: unknown, x: (typeof rows)[number]) => <StatusTag status={x.status} />,
                  },
                  {
                    key: 'restrictions',
                    title: t('fields.restrictions'),
                    render: (_: unknown, x: (typeof rows)[number]) =>
                      x.restrictions?.length ? (
                        <Flex gap={4} wrap>
                          {x.restrictions.map((m) => (
                            <Tag key={m} style={{ marginInlineEnd: 0 }}>
                              {t(`methods.${m}`)}
                            </Tag>
                          ))}
                        </Flex>
                      ) : (
                        <Typography.Text type="secondary">{t('detail.noRestrictions')}</Typography.Text>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}

function Advertisers({ p }: { p: Platform }) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const list = usePlatformAdvertisers(p.id, true);
  const total = list.data?.meta?.totalCount ?? list.data?.items.length ?? 0;
  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center">
          <span>{t('detail.advertisers')}</span>
          {list.data ? <Tag style={{ marginInlineEnd: 0 }}>{total}</Tag> : null}
        </Flex>
      }
      data-testid="platform-advertisers"
    >
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : list.isError ? (
        <Typography.Text type="secondary">{t('detail.loadFailedShort')}</Typography.Text>
      ) : total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noAdvertisers')} style={{ margin: '8px 0' }} />
      ) : (
        <Flex vertical>
          {list.data.items.map((a, i) => (
            <Flex
              key={a.id}
              justify="space-between"
              align="center"
              gap={8}
              style={{ padding: '8px 0', borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}
            >
              <Flex vertical style={{ minWidth: 0 }}>
                <Link to={`/advertisers/${a.id}/general`} style={{ fontWeight: 600 }}>
                  {a.title}
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {a.vertical ? a.vertical.title : t('detail.noVertical')}
                </Typography.Text>
              </Flex>
              <StatusTag status={a.status} />
            </Flex>
          ))}
          {total > list.data.items.length ? (
            <Typography.Text type="secondary" style={{ paddingTop: 4 }}>
              {t('detail.moreAdvertisers', { count: total - list.data.items.length })}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}

export default function PlatformDetailPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const { access } = useSession();
  const canWrite = allowed(access, PLATFORM_WRITE);
  const detail = usePlatform(id);
  const status = useConfirmPlatformStatus();
  const remove = useDeletePlatform();
  const [editing, setEditing] = useState(false);
  const back = <BackButton to="/settings/platforms/active">{t('detail.back')}</BackButton>;

  const p = detail.data;

  const next = p?.status === 'active' ? 'inactive' : 'active';
  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('detail.notFound'), retry: t('actions.retry'), loadFailed: t('detail.loadFailed') }}
      back={back}
      heading={p ? <DetailHeading name={p.title} status={p.status} testId="platform-detail-title" /> : undefined}
      subtitle={p ? t('detail.subtitle', { id: p.id }) : undefined}
      actions={
        <>
          {p && canWrite ? (
            <>
              <Button
                danger
                icon={<DeleteOutlined />}
                loading={remove.busy}
                onClick={() => remove.run([{ id: p.id, title: p.title }], () => navigate('/settings/platforms/active'))}
                data-testid="platform-detail-delete"
              >
                {t('actions.delete')}
              </Button>
              <Button
                icon={next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                loading={status.busy}
                onClick={() => void status.run([p.id], next)}
                data-testid="platform-detail-status"
              >
                {next === 'active' ? t('actions.activate') : t('actions.deactivate')}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="platform-detail-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <DeleteRefusalAlert refusal={remove.refusal} onClose={remove.clear} />
      {!p ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={20}>
              <Details p={p} />
              <Templates p={p} />
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            {allowed(access, ADVERTISERS_READ) ? <Advertisers p={p} /> : null}
          </Col>
        </Row>
      )}
      <PlatformDrawer open={editing} initial={p ?? null} onClose={() => setEditing(false)} />
    </DetailPage>
  );
}
