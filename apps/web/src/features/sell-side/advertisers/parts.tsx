/** Cells the advertiser screens share: the status with its block reason; the dash, tag and reference cells are components/cells. */
import type { IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Result, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { StatusTag } from '../../../components/StatusTag';
import { useAdvertisersT } from './i18n';

export { Dash, RefCell, TagsCell } from '../../../components/table/cells';

/** The status; a blocked advertiser shows its reason on hover. */
export function AdvertiserStatusCell({ status, reason }: { status: string; reason?: string | null }) {
  const { t } = useAdvertisersT();
  const tag = <StatusTag status={status} />;
  return status === 'blocked' && reason ? (
    <Tooltip title={t('blockedBecause', { reason })}>
      <span data-testid="advertiser-status">{tag}</span>
    </Tooltip>
  ) : (
    <span data-testid="advertiser-status">{tag}</span>
  );
}

export const ADVERTISER_WRITE = 'advertiser.update';

/** the integration flag of each method */
export const METHOD_FLAGS: Record<IntegrationMethod, 'outApiEnabled' | 'postbackEnabled' | 'redirectEnabled' | 'apiSyncEnabled'> = {
  api: 'outApiEnabled',
  postback: 'postbackEnabled',
  redirect: 'redirectEnabled',
  api_sync: 'apiSyncEnabled',
};
/** the first settings tab of an integration */
export const integrationLink = (advertiserId: number, integrationId: number, tab = 'outbound-settings') =>
  `/advertisers/${advertiserId}/${tab}?integration=${integrationId}`;

/**
 * The body of a card listing an advertiser's rows (integrations, members) until there are rows: a skeleton while they
 * load, the failure with a retry, or the empty state; null once there are rows to show.
 */
export function cardState(
  query: { isPending: boolean; error: unknown; refetch: () => unknown },
  count: number,
  texts: { loadFailed: string; retry: string; emptyTitle: string; emptyText: string },
): ReactNode {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.error)
    return (
      <Result
        status="warning"
        title={texts.loadFailed}
        subTitle={query.error instanceof ApiError ? query.error.message : undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {texts.retry}
          </Button>
        }
        style={{ padding: '16px 0' }}
      />
    );
  if (!count)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        style={{ margin: '8px 0' }}
        description={
          <Flex vertical gap={2}>
            <Typography.Text strong>{texts.emptyTitle}</Typography.Text>
            <Typography.Text type="secondary">{texts.emptyText}</Typography.Text>
          </Flex>
        }
      />
    );
  return null;
}
