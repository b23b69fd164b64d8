/**
 * Blocking and unblocking advertisers (POST /advertisers/change_block, product §4 "active or blocked"): blocking asks
 * for a reason of 1-500 characters, kept as the block reason; unblocking asks for a confirmation and clears it.
 * `useAdvertiserBlock()` answers the two actions and the popup to render once.
 */
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { useChangeAdvertiserBlock } from '../../../api/advertisers';
import { useAdvertisersT } from './i18n';

// the reason popup is loaded at the first opening (docs/decisions/web.md, first-load budgets)
const BlockReasonModal = lazyWhenOpen(() =>
  import('../../../components/BlockReasonModal').then((m) => m.BlockReasonModal<{ reason: string }>),
);

interface Target {
  id: number;
  title: string;
}

export function BlockAdvertiserModal({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useAdvertisersT();
  const change = useChangeAdvertiserBlock();
  return (
    <BlockReasonModal
      open={target !== null}
      title={t('block.title', { title: target?.title ?? '' })}
      hint={t('block.text')}
      t={t}
      onSubmit={async ({ reason }) => {
        if (!target) return;
        await change.mutateAsync([{ id: target.id, status: 'blocked', reason }]);
      }}
      onClose={onClose}
      testIds={{ confirm: 'advertiser-block-confirm', form: 'advertiser-block-form' }}
    />
  );
}

/** Block (with the reason popup) and unblock (with a confirmation) of one advertiser. */
export function useAdvertiserBlock(): { block: (a: Target) => void; unblock: (a: Target) => void; popup: ReactNode } {
  const { t } = useAdvertisersT();
  const { modal } = App.useApp();
  const change = useChangeAdvertiserBlock();
  const [target, setTarget] = useState<Target | null>(null);
  const unblock = (a: Target) =>
    modal.confirm({
      title: t('unblock.title', { title: a.title }),
      content: t('unblock.text'),
      okText: t('unblock.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { ...({ 'data-testid': 'advertiser-unblock-confirm' } as Record<string, string>) },
      onOk: async () => {
        try {
          await change.mutateAsync([{ id: a.id, status: 'active' }]);
        } catch {
          // toasted by the client
        }
      },
    });
  return { block: setTarget, unblock, popup: <BlockAdvertiserModal target={target} onClose={() => setTarget(null)} /> };
}
