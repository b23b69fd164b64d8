/** The block-reason dialog of campaigns, singly or in mass (useCampaignActions opens it). */
import { BlockReasonModal } from '../../../components/BlockReasonModal';
import type { Target } from './model';
import { useChangeCampaignStatus } from './api';
import { useCampaignsT } from './i18n';

export function BlockCampaignsModal({ targets, onClose, onDone }: { targets: Target[] | null; onClose: () => void; onDone?: () => void }) {
  const { t } = useCampaignsT();
  const change = useChangeCampaignStatus();
  const count = targets?.length ?? 0;
  return (
    <BlockReasonModal<{ reason: string }>
      open={targets !== null}
      title={count === 1 ? t('block.titleOne', { title: targets?.[0]?.title ?? '' }) : t('block.titleMany', { count })}
      hint={t('block.text')}
      t={t}
      onSubmit={async ({ reason }) => {
        if (!targets) return;
        await change.mutateAsync(targets.map((x) => ({ id: x.id, status: 'blocked' as const, reason })));
        onDone?.();
      }}
      onClose={onClose}
      testIds={{ confirm: 'campaign-block-confirm', reason: 'campaign-block-reason' }}
    />
  );
}
