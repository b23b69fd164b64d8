/** The integration template screens' clone action, shared by the list and the detail page. */
import type { IntegrationTemplate } from '@leadgrid/shared/sell-side/integration-templates';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useCloneTemplates } from './api';
import { useIntT } from './i18n';

export const TEMPLATES_PATH = '/settings/integration-templates';

/** Asks before cloning; the copy opens once made. */
export function useCloneTemplate() {
  const { modal } = App.useApp();
  const { t } = useIntT();
  const clone = useCloneTemplates();
  const navigate = useNavigate();
  return (template: IntegrationTemplate) =>
    modal.confirm({
      title: t('templates.cloneTitle', { title: template.title }),
      content: t('templates.cloneText'),
      okText: t('templates.clone'),
      cancelText: t('templates.cancel'),
      onOk: async () => {
        const answer = await clone.mutateAsync([{ id: template.id }]);
        navigate(`${TEMPLATES_PATH}/${answer.items[0].id}/general`);
      },
    });
}
