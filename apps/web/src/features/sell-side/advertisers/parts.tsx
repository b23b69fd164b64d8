/** Cells the advertiser screens share: the status with its block reason; the dash, tag and reference cells are components/cells. */
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
