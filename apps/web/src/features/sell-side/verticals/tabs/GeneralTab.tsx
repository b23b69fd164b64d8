/**
 * The general tab: the vertical's details, its API settings (duplicate window and fields, test leads; saved with
 * edit_api_settings), the platforms of its integration templates and the advertisers buying in it.
 */
import { ApiOutlined, ShopOutlined } from '@ant-design/icons';
import type { IntegrationTemplate } from '@leadgrid/shared/sell-side/integration-templates';
import { verticalApiSettingsSection, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { Card, Checkbox, Col, Descriptions, Empty, Flex, Form, InputNumber, Row, Skeleton, Switch, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allowed } from '../../../../app/access';
import { useSession } from '../../../../app/session';
import { formatDateTime } from '../../../../components/format';
import { StatusTag } from '../../../../components/StatusTag';
import { AuthorCell } from '../../../../components/listing/parts';
import { ADVERTISERS_READ, PLATFORMS_READ, TEMPLATES_READ, useVerticalAdvertisers, useVerticalTemplates } from '../api';
import { NS } from '../i18n';
import { SectionCard, useSectionForm } from '../sections';

type ApiSettings = z.infer<typeof verticalApiSettingsSection>;
const PREVIEW = 5;

/** rows divided by a hairline, as in a small list */
function Rows<T>({ items, render, rowKey }: { items: T[]; rowKey: (item: T) => number | string; render: (item: T) => ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical>
      {items.map((item, i) => (
        <div key={rowKey(item)} style={{ padding: '8px 0', borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}>
          {render(item)}
        </div>
      ))}
    </Flex>
  );
}

/** the stored settings with the defaults the lead API applies to what was never saved */
export function apiSettingsOf(v: Vertical): ApiSettings {
  const parsed = verticalApiSettingsSection.safeParse(v.apiSettings ?? {});
  return parsed.success ? parsed.data : verticalApiSettingsSection.parse({});
}

function Details({ v }: { v: Vertical }) {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  return (
    <Card variant="borderless" title={t('general.details')}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        colon={false}
        styles={{ label: { width: 150 } }}
        items={[
          { key: 'title', label: t('fields.title'), span: 'filled', children: <Typography.Text strong>{v.title}</Typography.Text> },
          {
            key: 'description',
            label: t('fields.description'),
            span: 'filled',
            children: v.description ? (
              <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{v.description}</Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">{t('general.noDescription')}</Typography.Text>
            ),
          },
          { key: 'id', label: t('fields.id'), children: <Typography.Text copyable={{ text: String(v.id) }}>#{v.id}</Typography.Text> },
          { key: 'status', label: t('fields.status'), children: <StatusTag status={v.status} /> },
          {
            key: 'goals',
            label: t('fields.goals'),
            children: v.goals.length ? (
              <Flex gap={4} wrap>
                {v.goals.map((g) => (
                  <Tag key={g.id} style={{ marginInlineEnd: 0 }}>
                    {g.title}
                  </Tag>
                ))}
              </Flex>
            ) : (
              <Link to={`/settings/verticals/${v.id}/goals`}>{t('general.addGoals')}</Link>
            ),
          },
          {
            key: 'fields',
            label: t('fields.leadFields'),
            children: (
              <Link to={`/settings/verticals/${v.id}/lead-parameters`}>{t('counts.fields', { count: v.incomingParameters.length })}</Link>
            ),
          },
          {
            key: 'rules',
            label: t('fields.inboundRules'),
            children: <Link to={`/settings/verticals/${v.id}/inbound-rules`}>{t('counts.rules', { count: v.inboundRules.length })}</Link>,
          },
          {
            key: 'grades',
            label: t('fields.leadGrades'),
            children: <Link to={`/settings/verticals/${v.id}/lead-categories`}>{t('counts.grades', { count: v.leadGrades.length })}</Link>,
          },
          { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(v.createdAt, timezone) },
          { key: 'createdBy', label: t('fields.createdBy'), children: <AuthorCell author={v.createdBy} /> },
        ]}
      />
    </Card>
  );
}

function ApiSettingsCard({ vertical, canWrite }: { vertical: Vertical; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const state = useSectionForm<ApiSettings>({
    vertical,
    section: 'api_settings',
    toForm: apiSettingsOf,
    toData: (v) => ({
      duplicateWindowHours: v.duplicateWindowHours ?? 0,
      duplicateFields: v.duplicateFields ?? [],
      acceptTestLeads: Boolean(v.acceptTestLeads),
    }),
  });
  const hours = Form.useWatch('duplicateWindowHours', state.form);
  return (
    <SectionCard
      title={t('apiSettings.title')}
      description={t('apiSettings.description')}
      state={state}
      canWrite={canWrite}
      testId="vertical-api-settings"
    >
      <Form form={state.form} layout="vertical" disabled={!canWrite} onValuesChange={state.touch} requiredMark={false}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="duplicateWindowHours"
              label={t('apiSettings.window')}
              extra={hours ? t('apiSettings.windowHint', { days: Math.round((hours / 24) * 10) / 10 }) : t('apiSettings.windowOff')}
              rules={[{ required: true, message: tc('validation.required') }]}
            >
              <InputNumber min={0} max={24 * 365} precision={0} style={{ width: 200 }} suffix={t('units.hours')} data-testid="api-window" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="duplicateFields" label={t('apiSettings.fields')} extra={t('apiSettings.fieldsHint')}>
              <Checkbox.Group
                options={[
                  { value: 'phone', label: t('standardFields.phone') },
                  { value: 'email', label: t('standardFields.email') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="acceptTestLeads"
          valuePropName="checked"
          label={t('apiSettings.testLeads')}
          extra={t('apiSettings.testLeadsHint')}
          style={{ marginBottom: 0 }}
        >
          <Switch data-testid="api-test-leads" />
        </Form.Item>
      </Form>
    </SectionCard>
  );
}

function PlatformsCard({ vertical }: { vertical: Vertical }) {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const templates = useVerticalTemplates([vertical.id], true);
  const linkPlatforms = allowed(access, PLATFORMS_READ);
  const byPlatform = new Map<number, { title: string; templates: IntegrationTemplate[] }>();
  for (const x of templates.data ?? []) {
    const entry = byPlatform.get(x.platform.id) ?? { title: x.platform.title, templates: [] };
    entry.templates.push(x);
    byPlatform.set(x.platform.id, entry);
  }
  return (
    <Card variant="borderless" title={t('general.platforms')} extra={<ApiOutlined />} data-testid="vertical-platforms">
      {templates.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : templates.isError ? (
        <Typography.Text type="secondary">{t('general.loadFailed')}</Typography.Text>
      ) : byPlatform.size === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('general.noPlatforms')} style={{ margin: '8px 0' }} />
      ) : (
        <Rows
          items={[...byPlatform.entries()].sort((a, b) => a[1].title.localeCompare(b[1].title))}
          rowKey={([platformId]) => platformId}
          render={([platformId, p]) => (
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              {linkPlatforms ? (
                <Link to={`/settings/platforms/${platformId}`} style={{ fontWeight: 600 }}>
                  {p.title}
                </Link>
              ) : (
                <Typography.Text strong>{p.title}</Typography.Text>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.templates.map((x, i) => (
                  <span key={x.id}>
                    {i ? ', ' : ''}
                    <Link to={`/settings/integration-templates/${x.id}/general`}>{x.title}</Link>
                  </span>
                ))}
              </Typography.Text>
            </Flex>
          )}
        />
      )}
    </Card>
  );
}

function AdvertisersCard({ vertical }: { vertical: Vertical }) {
  const { t } = useTranslation(NS);
  const advertisers = useVerticalAdvertisers(vertical.id, PREVIEW, true);
  const total = advertisers.data?.meta?.totalCount ?? advertisers.data?.items.length ?? 0;
  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center">
          <span>{t('general.advertisers')}</span>
          {advertisers.data ? <Tag style={{ marginInlineEnd: 0 }}>{total}</Tag> : null}
        </Flex>
      }
      extra={<ShopOutlined />}
      data-testid="vertical-advertisers"
    >
      {advertisers.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : advertisers.isError ? (
        <Typography.Text type="secondary">{t('general.loadFailed')}</Typography.Text>
      ) : total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('general.noAdvertisers')} style={{ margin: '8px 0' }} />
      ) : (
        <Flex vertical gap={8}>
          <Rows
            items={advertisers.data.items}
            rowKey={(a) => a.id}
            render={(a) => (
              <Flex justify="space-between" align="center" gap={8}>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Link to={`/advertisers/${a.id}/general`} style={{ fontWeight: 600 }}>
                    {a.title}
                  </Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {a.platform ? a.platform.title : t('general.noPlatform')}
                  </Typography.Text>
                </Flex>
                <StatusTag status={a.status} />
              </Flex>
            )}
          />
          {total > advertisers.data.items.length ? (
            <Typography.Text type="secondary">
              {t('general.moreAdvertisers', { count: total - advertisers.data.items.length })}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}

export function GeneralTab({ vertical, canWrite }: { vertical: Vertical; canWrite: boolean }) {
  const { access } = useSession();
  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} xl={16}>
        <Flex vertical gap={20}>
          <Details v={vertical} />
          <ApiSettingsCard vertical={vertical} canWrite={canWrite} />
        </Flex>
      </Col>
      <Col xs={24} xl={8}>
        <Flex vertical gap={20}>
          {allowed(access, TEMPLATES_READ) ? <PlatformsCard vertical={vertical} /> : null}
          {allowed(access, ADVERTISERS_READ) ? <AdvertisersCard vertical={vertical} /> : null}
        </Flex>
      </Col>
    </Row>
  );
}
