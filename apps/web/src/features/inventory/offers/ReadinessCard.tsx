/**
 * The offer's readiness checklist (GET /offers/:id/readiness): what it still needs before it takes traffic, as the
 * lead engine reads it — each item met or not, required or advice, with a link to the tab that fixes it.
 */
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { OfferReadiness } from '@leadgrid/shared/inventory/offers';
import { Alert, Card, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useOfferReadiness } from './api';
import { useOffersT } from './i18n';

type Item = OfferReadiness['items'][number];

function ItemIcon({ item }: { item: Item }) {
  const { token } = theme.useToken();
  if (item.ok) return <CheckCircleFilled style={{ color: token.colorSuccess }} aria-hidden />;
  if (!item.required) return <ExclamationCircleFilled style={{ color: token.colorWarning }} aria-hidden />;
  return <CloseCircleFilled style={{ color: token.colorError }} aria-hidden />;
}

export function ReadinessCard({ offerId }: { offerId: number }) {
  const { t } = useOffersT();
  const readiness = useOfferReadiness(offerId);
  const data = readiness.data;
  return (
    <Card title={t('readiness.title')} variant="borderless" data-testid="offer-readiness">
      {readiness.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !data ? (
        <Alert type="warning" showIcon title={t('readiness.loadFailed')} />
      ) : (
        <Flex vertical gap={12}>
          <Alert
            type={data.ready ? 'success' : 'warning'}
            showIcon
            title={data.ready ? t('readiness.ready') : t('readiness.notReady')}
            data-testid="offer-readiness-summary"
          />
          <Flex vertical gap={8} role="list">
            {data.items.map((item) => (
              <Flex key={item.key} gap={10} align="flex-start" role="listitem" data-testid={`readiness-${item.key}`} data-ok={item.ok}>
                <span style={{ paddingTop: 2 }}>
                  <ItemIcon item={item} />
                </span>
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text type={item.ok ? 'secondary' : undefined}>
                    {t(`readiness.items.${item.key}`)} {!item.required ? <Tag bordered={false}>{t('readiness.advice')}</Tag> : null}
                  </Typography.Text>
                  {item.count !== null ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('readiness.count', { count: item.count })}
                    </Typography.Text>
                  ) : null}
                </Flex>
                {!item.ok ? (
                  <Link to={`/offers/${offerId}/${item.tab}`} data-testid={`readiness-fix-${item.key}`}>
                    {t('readiness.fix')}
                  </Link>
                ) : null}
              </Flex>
            ))}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
