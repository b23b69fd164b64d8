/**
 * /landings-api/{id} (front.menu.landers_api.read): one landing API page — its details, its language versions (target
 * and preview URLs, status, how many landers were made from each) and the offers whose landers use it (links to their
 * landings tab). Edit and status change with landers_api.update.
 */
import { CheckCircleOutlined, EditOutlined, ExportOutlined, StopOutlined } from '@ant-design/icons';
import type { LanderApi, LanderApiLanguage } from '@leadgrid/shared/inventory/landers';
import { Button, Card, Col, Descriptions, Empty, Flex, Row, Skeleton, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { useLanguages } from '../../../components/sieve/api';
import { StatusTag } from '../../../components/StatusTag';
import { authorName } from '../../../components/listing/parts';
import { UrlWithMacros } from '../../../components/UrlWithMacros';
import { useLandingApi, WRITE } from './api';
import { useLandingsApiT } from './i18n';
import { useLandingApiStatus } from './actions';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { BackButton, DetailHeading, DetailPage } from '../../../components/detail/DetailPage';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const LandingApiDrawer = lazyWhenOpen(() => import('./LandingApiDrawer').then((m) => m.LandingApiDrawer));

function DetailsCard({ page }: { page: LanderApi }) {
  const { t } = useLandingsApiT();
  const { timezone } = useSession();
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Card variant="borderless" title={t('detail.details')}>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" colon={false} styles={{ label: { width: 140 } }}>
        <Descriptions.Item label={t('fields.vertical')}>{page.vertical?.title ?? t('drawer.anyVertical')}</Descriptions.Item>
        <Descriptions.Item label={t('fields.pageType')}>
          <Tag color={page.pageType === 'landing' ? 'blue' : 'purple'}>{t(`pageTypes.${page.pageType}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.categories')}>
          {page.categories.length ? page.categories.map((c) => c.title).join(', ') : dash}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.tags')}>
          {page.tags.length ? (
            <Flex gap={4} wrap>
              {page.tags.map((x) => (
                <Tag key={x.id} style={{ marginInlineEnd: 0 }}>
                  {x.title}
                </Tag>
              ))}
            </Flex>
          ) : (
            dash
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(page.createdAt, timezone)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.createdBy')}>{page.createdBy ? authorName(page.createdBy) : dash}</Descriptions.Item>
        <Descriptions.Item label={t('fields.description')} span={2}>
          {page.description ? (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{page.description}</Typography.Paragraph>
          ) : (
            dash
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function VersionsCard({ page, onEdit }: { page: LanderApi; onEdit?: () => void }) {
  const { t } = useLandingsApiT();
  const languages = useLanguages();
  const names = new Map((languages.data ?? []).map((l) => [l.code, l.name]));
  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center">
          {t('versions.title')}
          <Tag style={{ marginInlineEnd: 0 }}>{page.languages.length}</Tag>
        </Flex>
      }
      extra={
        onEdit ? (
          <Button icon={<EditOutlined />} onClick={onEdit}>
            {t('versions.edit')}
          </Button>
        ) : null
      }
    >
      <Table<LanderApiLanguage>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={page.languages}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('versions.emptyDetail')} /> }}
        data-testid="versions-table"
        columns={[
          {
            key: 'language',
            title: t('versions.language'),
            render: (_, l) => (
              <Flex gap={8} align="center" style={{ whiteSpace: 'nowrap' }}>
                <Tag style={{ marginInlineEnd: 0, fontFamily: 'var(--ant-font-family-code)' }}>{l.language}</Tag>
                <Typography.Text type="secondary">{names.get(l.language) ?? ''}</Typography.Text>
              </Flex>
            ),
          },
          { key: 'targetUrl', title: t('versions.targetUrl'), render: (_, l) => <UrlWithMacros url={l.targetUrl} maxWidth={270} /> },
          {
            key: 'previewUrl',
            title: t('versions.preview'),
            render: (_, l) =>
              l.previewUrl ? (
                <Typography.Link href={l.previewUrl} target="_blank" rel="noopener noreferrer" style={{ whiteSpace: 'nowrap' }}>
                  <ExportOutlined /> {t('versions.open')}
                </Typography.Link>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
          { key: 'landersCount', title: t('versions.landers'), align: 'right', dataIndex: 'landersCount' },
          { key: 'status', title: t('fields.status'), render: (_, l) => <StatusTag status={l.status} /> },
        ]}
      />
    </Card>
  );
}

function OffersCard({ page }: { page: LanderApi }) {
  const { t } = useLandingsApiT();
  const { token } = theme.useToken();
  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center">
          {t('detail.offers')}
          <Tag style={{ marginInlineEnd: 0 }}>{page.assignedToOffers.length}</Tag>
        </Flex>
      }
    >
      {page.assignedToOffers.length ? (
        <Flex vertical data-testid="landing-api-offers">
          {page.assignedToOffers.map((o, i) => (
            <Flex
              key={o.id}
              justify="space-between"
              align="center"
              gap={8}
              style={{ padding: '8px 0', borderTop: i ? `1px solid ${token.colorBorderSecondary}` : undefined }}
            >
              <Link
                to={`/offers/${o.id}/landings`}
                style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                #{o.id} {o.title}
              </Link>
              <StatusTag status={o.status} />
            </Flex>
          ))}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noOffers')} />
      )}
    </Card>
  );
}

export default function LandingApiDetailPage() {
  const { t } = useLandingsApiT();
  const { access } = useSession();
  const id = Number(useParams().id);
  const detail = useLandingApi(id);
  const status = useLandingApiStatus();
  const [editing, setEditing] = useState(false);
  const page = detail.data;
  const canWrite = allowed(access, WRITE);
  const back = <BackButton to="/landings-api">{t('actions.back')}</BackButton>;

  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('detail.notFound'), retry: t('actions.retry') }}
      back={back}
      heading={page ? <DetailHeading name={page.title} status={page.status} testId="landing-api-heading" /> : undefined}
      subtitle={page ? `#${page.id}` : undefined}
      actions={
        <>
          {page && canWrite ? (
            <>
              {page.status === 'active' ? (
                <Button icon={<StopOutlined />} onClick={() => status.ask([page.id], 'inactive')} data-testid="landing-api-deactivate">
                  {t('actions.deactivate')}
                </Button>
              ) : (
                <Button icon={<CheckCircleOutlined />} onClick={() => status.ask([page.id], 'active')} data-testid="landing-api-activate">
                  {t('actions.activate')}
                </Button>
              )}
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="landing-api-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {!page ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={20}>
              <DetailsCard page={page} />
              <VersionsCard page={page} onEdit={canWrite ? () => setEditing(true) : undefined} />
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <OffersCard page={page} />
          </Col>
        </Row>
      )}
      <LandingApiDrawer open={editing} page={page ?? null} onClose={() => setEditing(false)} />
    </DetailPage>
  );
}
