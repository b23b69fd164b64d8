/**
 * Product §8 notices of a campaign (answered by create, edit and GET by id): the campaign is saved, but its traffic is
 * refused because the affiliate (or their team) is traffic-blocked, or because the affiliate has no access to the
 * offer. Shown as alerts in the drawer and on the campaign page; the server's message says what happened and to whom.
 */
import type { CampaignNotice } from '@leadgrid/shared/inventory/campaigns';
import { Alert, Flex } from 'antd';
import type { CSSProperties } from 'react';
import { useCampaignsT } from './i18n';

export function CampaignNotices({ notices, style }: { notices: readonly CampaignNotice[] | undefined; style?: CSSProperties }) {
  const { t } = useCampaignsT();
  if (!notices?.length) return null;
  return (
    <Flex vertical gap={8} style={style} data-testid="campaign-notices">
      {notices.map((n) => (
        <Alert
          key={n.type}
          type={n.type === 'no_offer_access' ? 'error' : 'warning'}
          showIcon
          title={t(`notices.${n.type}`)}
          description={n.message}
          data-testid={`campaign-notice-${n.type}`}
        />
      ))}
    </Flex>
  );
}
