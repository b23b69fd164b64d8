/** Cells the advertiser screens share: the status with its block reason; the dash, tag and reference cells are components/cells. */
import type { IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { Tooltip } from 'antd';
import { StatusTag } from '../../../components/StatusTag';
import { useAdvertisersT } from './i18n';

export { Dash, RefCell, TagsCell } from '../../../components/cells';

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
