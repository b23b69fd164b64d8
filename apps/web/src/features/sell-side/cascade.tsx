/**
 * The confirmation popup of a status change on the sell side (product §4): a deactivation first asks the server what
 * else it stops (`GET /<resource>/cascade-preview?ids=`) and says so ("this will also stop N advertisers"); the
 * answer's message, with what was stopped, comes back in the success toast. Used by verticals and platforms.
 */
import { ExclamationCircleFilled } from '@ant-design/icons';
import type { CascadePreview } from '@leadgrid/shared/sell-side/sell-side';
import { Alert, App, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from './verticals/i18n';

export interface CascadeOptions {
  ids: number[];
  status: 'active' | 'inactive';
  /** the popup's title */
  title: string;
  /** asks the server what a deactivation also stops */
  preview: (ids: number[]) => Promise<CascadePreview>;
  /** what else stops, in words; null when nothing does */
  describe: (counts: CascadePreview) => ReactNode | null;
  run: () => Promise<unknown>;
}

export function useConfirmCascade() {
  const { modal } = App.useApp();
  const { t } = useTranslation(NS);
  return async ({ ids, status, title, preview, describe, run }: CascadeOptions) => {
    let content: ReactNode = <Typography.Text>{t('cascade.activateText')}</Typography.Text>;
    let stops = false;
    if (status === 'inactive') {
      try {
        const what = describe(await preview(ids));
        stops = what !== null;
        content = stops ? (
          <Flex vertical gap={8}>
            <Alert type="warning" showIcon title={what} data-testid="cascade-text" />
            <Typography.Text type="secondary">{t('cascade.inOneStep')}</Typography.Text>
          </Flex>
        ) : (
          <Typography.Text data-testid="cascade-text">{t('cascade.nothingElse')}</Typography.Text>
        );
      } catch {
        content = (
          <Typography.Text type="warning" data-testid="cascade-text">
            {t('cascade.previewFailed')}
          </Typography.Text>
        );
      }
    }
    modal.confirm({
      title,
      icon: <ExclamationCircleFilled />,
      content,
      width: 480,
      okText: status === 'inactive' ? t('actions.deactivate') : t('actions.activate'),
      okButtonProps: { danger: status === 'inactive' && stops, 'data-testid': 'cascade-confirm' },
      cancelText: t('actions.cancel'),
      onOk: () => run(),
    });
  };
}
