/**
 * Status actions of campaigns, singly or in mass (POST /campaigns/change_status, /campaigns/clone; product §4: "Campaigns
 * can be blocked by an admin, deactivated or deleted, singly or in mass", status changes confirmed in a popup):
 * activate, deactivate, delete (final) and unblock ask for a confirmation; block asks for a reason. The server
 * refuses a mass change as a whole; its message is toasted by the client.
 */
import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { useChangeCampaignStatus, useCloneCampaigns } from './api';
import { useCampaignsT } from './i18n';
import type { CampaignAction, Target } from './model';

// the block-reason dialog (antd Form) loads at its first opening (docs/decisions/web.md, first-load budgets)
const BlockCampaignsModal = lazyWhenOpen(
  () => import('./BlockCampaignsModal').then((m) => m.BlockCampaignsModal),
  (p) => p.targets !== null,
);

export type StatusAction = Exclude<CampaignAction, 'edit'>;

/**
 * `run(action, targets, onDone)` performs one action on one or many campaigns (after its confirmation);
 * `popup` is the block-reason dialog to render once. Clone answers the copies through `onCloned`.
 */
export function useCampaignActions(opts: { onCloned?: (ids: number[]) => void } = {}): {
  run: (action: StatusAction, targets: Target[], onDone?: () => void) => void;
  busy: boolean;
  popup: ReactNode;
} {
  const { t } = useCampaignsT();
  const { modal } = App.useApp();
  const change = useChangeCampaignStatus();
  const clone = useCloneCampaigns();
  const [blocking, setBlocking] = useState<{ targets: Target[]; onDone?: () => void } | null>(null);

  const confirm = (action: 'activate' | 'deactivate' | 'delete' | 'unblock', targets: Target[], onDone?: () => void) => {
    const status = action === 'deactivate' ? 'inactive' : action === 'delete' ? 'deleted' : 'active';
    const count = targets.length;
    modal.confirm({
      title: count === 1 ? t(`confirm.${action}.one`, { title: targets[0].title }) : t(`confirm.${action}.many`, { count }),
      content: t(`confirm.${action}.text`),
      okText: t(`actions.${action}`),
      okButtonProps: { danger: action === 'delete', ...({ 'data-testid': `campaign-confirm-${action}` } as Record<string, string>) },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await change.mutateAsync(targets.map((x) => ({ id: x.id, status })));
          onDone?.();
        } catch {
          // the refusal is toasted by the client
        }
      },
    });
  };

  const run = (action: StatusAction, targets: Target[], onDone?: () => void) => {
    if (!targets.length) return;
    if (action === 'block') return setBlocking({ targets, onDone });
    if (action === 'clone') {
      void clone
        .mutateAsync(targets.map((x) => x.id))
        .then((res) => {
          onDone?.();
          opts.onCloned?.(res.items.map((c) => c.id));
        })
        .catch(() => undefined);
      return;
    }
    confirm(action, targets, onDone);
  };

  return {
    run,
    busy: change.isPending || clone.isPending,
    popup: <BlockCampaignsModal targets={blocking?.targets ?? null} onClose={() => setBlocking(null)} onDone={blocking?.onDone} />,
  };
}
