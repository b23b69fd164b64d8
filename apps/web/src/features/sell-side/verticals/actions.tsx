/** The vertical screens' status action, shared by the list and the detail page. */
import { useTranslation } from 'react-i18next';
import { useChangeVerticalStatus, verticalsApi, type SellSideStatus } from './api';
import { useConfirmCascade } from '../cascade';
import { NS } from './i18n';

/** The confirmation of a vertical status change, with the advertisers a deactivation also blocks. */
export function useConfirmVerticalStatus() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const confirm = useConfirmCascade();
  const changeStatus = useChangeVerticalStatus();
  const run = (ids: number[], status: SellSideStatus, done?: () => void) =>
    confirm({
      ids,
      status,
      title: t('statusConfirm.title', { count: ids.length, status: tc(`status.${status}`) }),
      preview: verticalsApi.cascadePreview,
      describe: (c) => (c.advertisers > 0 ? t('statusConfirm.stopsAdvertisers', { count: c.advertisers }) : null),
      run: async () => {
        await changeStatus.mutateAsync(ids.map((id) => ({ id, status })));
        done?.();
      },
    });
  return { run, busy: changeStatus.isPending };
}
