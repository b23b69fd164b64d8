/** The landing API screens' status action, shared by the list and the detail page. */
import { App } from 'antd';
import { useChangeLandingApiStatus } from './api';
import { useLandingsApiT } from './i18n';

/** "Activate 3 landing pages?" and the change itself */
export function useLandingApiStatus() {
  const { modal } = App.useApp();
  const { t } = useLandingsApiT();
  const change = useChangeLandingApiStatus();
  const ask = (ids: number[], status: 'active' | 'inactive', done?: () => void) =>
    modal.confirm({
      title: t(status === 'active' ? 'confirm.activate' : 'confirm.deactivate', { count: ids.length }),
      content: t(status === 'active' ? 'confirm.activateText' : 'confirm.deactivateText'),
      okText: t(status === 'active' ? 'actions.activate' : 'actions.deactivate'),
      okButtonProps: { danger: status === 'inactive' },
      cancelText: t('actions.cancel'),
      onOk: () =>
        change
          .mutateAsync(ids.map((id) => ({ id, status })))
          .then(() => done?.())
          .catch(() => undefined),
    });
  return { ask, busy: change.isPending };
}
