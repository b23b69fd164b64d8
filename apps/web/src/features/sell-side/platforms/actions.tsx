/**
 * What the platform screens do to platforms: change the status (a deactivation says first how many integrations it
 * stops) and delete with a confirmation. A delete the server refuses because templates, integrations or advertisers
 * are attached (409) stays on the screen as an explanation, not only as a toast.
 */
import { Alert, App, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useConfirmCascade } from '../cascade';
import { platformsApi, useChangePlatformStatus, useDeletePlatforms, type PlatformStatus } from './api';
import { NS } from './i18n';

export function useConfirmPlatformStatus() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const confirm = useConfirmCascade();
  const changeStatus = useChangePlatformStatus();
  const run = (ids: number[], status: PlatformStatus, done?: () => void) =>
    confirm({
      ids,
      status,
      title: t('statusConfirm.title', { count: ids.length, status: tc(`status.${status}`) }),
      preview: platformsApi.cascadePreview,
      describe: (c) => {
        if (!c.integrations && !c.offers) return null;
        const integrations = t('statusConfirm.stopsIntegrations', { count: c.integrations });
        return c.offers ? `${integrations} ${t('statusConfirm.andOffers', { count: c.offers })}` : integrations;
      },
      run: async () => {
        await changeStatus.mutateAsync(ids.map((id) => ({ id, status })));
        done?.();
      },
    });
  return { run, busy: changeStatus.isPending };
}

export interface DeleteRefusal {
  titles: string[];
  message: string;
}

export function useDeletePlatform() {
  const { modal } = App.useApp();
  const { t } = useTranslation(NS);
  const remove = useDeletePlatforms();
  const [refusal, setRefusal] = useState<DeleteRefusal | null>(null);
  const run = (items: { id: number; title: string }[], done?: () => void) =>
    modal.confirm({
      title: t('deleteConfirm.title', { count: items.length, title: items[0]?.title }),
      content: t('deleteConfirm.text'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'platform-delete-confirm' },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setRefusal(null);
        try {
          await remove.mutateAsync(items.map((x) => x.id));
          done?.();
        } catch (err) {
          // the refusal is explained on the screen; the popup closes either way
          if (err instanceof ApiError && err.status === 409) setRefusal({ titles: items.map((x) => x.title), message: err.message });
        }
      },
    });
  return { run, refusal, clear: () => setRefusal(null), busy: remove.isPending };
}

/** The explanation of a refused delete: which platform, why, and what to do instead. */
export function DeleteRefusalAlert({ refusal, onClose }: { refusal: DeleteRefusal | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  if (!refusal) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      title={t('deleteGuard.title', { count: refusal.titles.length, title: refusal.titles[0] })}
      description={
        <Flex vertical gap={4}>
          <Typography.Text>{t('deleteGuard.text')}</Typography.Text>
          <Typography.Text type="secondary">{t('deleteGuard.instead')}</Typography.Text>
        </Flex>
      }
      data-testid="platform-delete-refusal"
    />
  );
}
