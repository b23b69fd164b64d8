/** The integration-method flags of a platform as tags, in the order of INTEGRATION_METHODS. */
import { INTEGRATION_METHODS, type IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';

const COLORS: Record<IntegrationMethod, string> = { api: 'blue', postback: 'green', redirect: 'purple', api_sync: 'cyan' };

export function MethodTags({ methods }: { methods: readonly IntegrationMethod[] }) {
  const { t } = useTranslation(NS);
  if (!methods.length) return <Typography.Text type="secondary">{t('methods.none')}</Typography.Text>;
  return (
    <Flex gap={4} wrap data-testid="platform-methods">
      {INTEGRATION_METHODS.filter((m) => methods.includes(m)).map((m) => (
        <Tooltip key={m} title={t(`methodHints.${m}`)}>
          <Tag color={COLORS[m]} variant="filled" style={{ marginInlineEnd: 0 }}>
            {t(`methods.${m}`)}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

export const PLATFORM_WRITE = 'platform.update';
export const TEMPLATES_READ = 'front.settings.integration_templates.read';
