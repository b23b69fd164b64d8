/**
 * Cards of the advertiser's general tab: its details, the redirect template settings (edited in place), the API
 * token, and the offers it serves.
 */
import { ApiOutlined, AppstoreOutlined, EditOutlined, LinkOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import { Button, Card, Descriptions, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { StatusTag } from '../../../components/StatusTag';
import { useSession } from '../../../app/session';
import { EMPTY_VALUE, formatDateTime } from '../../../components/format';
import { ContactsList } from '../../../components/person/ContactsList';
import { PeopleList, PersonCell } from '../../../components/person/parts';
import { TokenCard } from '../../../components/TokenCard';
import { useRegenerateAdvertiserToken } from '../../../api/advertisers';
import { CountCard } from '../../../components/CountCard';
import { useAdvertisersT } from './i18n';
import { AdvertiserStatusCell, RefCell, TagsCell } from './parts';

const RedirectForm = lazy(() => import('./RedirectForm').then((m) => ({ default: m.RedirectForm })));

export function DetailsCard({ a }: { a: Advertiser }) {
  const { t } = useAdvertisersT();
  const { timezone } = useSession();
  return (
    <Card variant="borderless" title={t('detail.details')} data-testid="advertiser-details">
      <Descriptions
        column={{ xs: 1, md: 2 }}
        colon={false}
        styles={{ label: { width: 160 } }}
        items={[
          {
            key: 'description',
            label: t('fields.description'),
            span: 'filled',
            children: a.description ? (
              <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{a.description}</Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">{t('detail.noDescription')}</Typography.Text>
            ),
          },
          { key: 'id', label: t('fields.id'), children: <Typography.Text copyable={{ text: String(a.id) }}>#{a.id}</Typography.Text> },
          {
            key: 'secureId',
            label: t('fields.secureId'),
            children: (
              <Typography.Text code copyable>
                {a.secureId}
              </Typography.Text>
            ),
          },
          { key: 'contacts', label: t('fields.contacts'), span: 'filled', children: <ContactsList contacts={a.contacts} /> },
          { key: 'platform', label: t('fields.platform'), children: <RefCell value={a.platform} icon={<ApiOutlined />} /> },
          { key: 'vertical', label: t('fields.vertical'), children: <RefCell value={a.vertical} icon={<AppstoreOutlined />} /> },
          { key: 'defaultCurrency', label: t('fields.defaultCurrency'), children: a.defaultCurrency },
          { key: 'tags', label: t('fields.tags'), children: <TagsCell tags={a.tags} max={a.tags.length} /> },
          { key: 'managers', label: t('fields.managers'), span: 'filled', children: <PeopleList people={a.managers} max={5} /> },
          { key: 'status', label: t('fields.status'), children: <AdvertiserStatusCell status={a.status} /> },
          {
            key: 'statusChangedAt',
            label: t('fields.statusChangedAt'),
            children: a.statusChangedAt ? (
              <Flex gap={6} wrap align="center">
                <span>{formatDateTime(a.statusChangedAt, timezone)}</span>
                {a.statusChangedBy ? (
                  <Typography.Text type="secondary">
                    · <PersonCell person={a.statusChangedBy} />
                  </Typography.Text>
                ) : null}
              </Flex>
            ) : (
              EMPTY_VALUE
            ),
          },
          ...(a.status === 'blocked'
            ? [
                {
                  key: 'blockReason',
                  label: t('fields.blockReason'),
                  span: 'filled' as const,
                  children: (
                    <Typography.Text type="danger" data-testid="advertiser-block-reason">
                      {a.blockReason ?? EMPTY_VALUE}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
          { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(a.createdAt, timezone) },
          { key: 'createdBy', label: t('fields.createdBy'), children: <PersonCell person={a.createdBy} /> },
        ]}
      />
    </Card>
  );
}

/**
 * The redirect template: read as the details are; those who may edit get "Edit", which turns the card into its form
 * (loaded on first use: docs/decisions/web.md, first-load budgets) until it is saved or cancelled.
 */
export function RedirectCard({ a, canWrite }: { a: Advertiser; canWrite: boolean }) {
  const { t } = useAdvertisersT();
  const { token } = theme.useToken();
  const [editing, setEditing] = useState(false);
  const title = (
    <Flex align="center" gap={8}>
      <LinkOutlined style={{ color: token.colorPrimary }} />
      {t('redirect.title')}
    </Flex>
  );
  const extra =
    canWrite && !editing ? (
      <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="redirect-edit">
        {t('actions.edit')}
      </Button>
    ) : null;

  return (
    <Card variant="borderless" title={title} extra={extra} data-testid="redirect-card">
      {editing ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <RedirectForm a={a} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <Descriptions
          column={1}
          colon={false}
          items={[
            {
              key: 'enabled',
              label: t('fields.redirectTemplateEnabled'),
              children: a.redirectTemplateEnabled ? t('redirect.on') : t('redirect.off'),
            },
            {
              key: 'template',
              label: t('fields.redirectTemplate'),
              children: a.redirectTemplate ? <Typography.Text code>{a.redirectTemplate}</Typography.Text> : EMPTY_VALUE,
            },
          ]}
        />
      )}
    </Card>
  );
}

export function AdvertiserTokenCard({ a, canWrite }: { a: Advertiser; canWrite: boolean }) {
  const { t } = useAdvertisersT();
  const regenerate = useRegenerateAdvertiserToken(a.id);
  const keys = [
    'title',
    'text',
    'show',
    'hide',
    'regenerate',
    'issue',
    'none',
    'confirmTitle',
    'confirmText',
    'issueTitle',
    'issueText',
  ] as const;
  const texts = Object.fromEntries(keys.map((k) => [k, t(`token.${k}`)])) as Record<(typeof keys)[number], string>;
  return (
    <TokenCard
      token={a.apiToken}
      canWrite={canWrite}
      regenerate={() => regenerate.mutateAsync()}
      pending={regenerate.isPending}
      texts={{ ...texts, cancel: t('actions.cancel') }}
      testId="advertiser-token-card"
    />
  );
}

/** The offers this advertiser serves (the offers it is an advertiser target of), each with the target's status. */
export function OffersCard({ offers }: { offers: NonNullable<Advertiser['offers']> }) {
  const { t } = useAdvertisersT();
  return (
    <CountCard icon={ShoppingOutlined} title={t('offers.title')} count={offers.length} testId="offers-card">
      {offers.length ? (
        <Flex vertical gap={8}>
          {offers.map((o) => (
            <Flex key={o.id} align="center" justify="space-between" gap={12} data-testid="advertiser-offer">
              <Link to={`/offers/${o.id}/targeting`}>
                <Typography.Text type="secondary">#{o.id}</Typography.Text> {o.title}
              </Link>
              <Flex gap={6} align="center">
                <StatusTag status={o.status} />
                {o.targetStatus !== 'active' ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('offers.targetInactive')}
                  </Typography.Text>
                ) : null}
              </Flex>
            </Flex>
          ))}
        </Flex>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          style={{ margin: '8px 0' }}
          description={
            <Flex vertical gap={2}>
              <Typography.Text strong>{t('offers.emptyTitle')}</Typography.Text>
              <Typography.Text type="secondary">{t('offers.emptyText')}</Typography.Text>
            </Flex>
          }
        />
      )}
    </CountCard>
  );
}
