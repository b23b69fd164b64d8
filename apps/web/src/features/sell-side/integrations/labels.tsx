/** Integration methods shown the same way on template lists, forms and the advertiser's integrations. */
import { INTEGRATION_METHODS, type IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useIntT } from './i18n';

const COLORS: Record<IntegrationMethod, string> = { api: 'blue', postback: 'purple', redirect: 'cyan', api_sync: 'geekblue' };

/** The methods a template allows; none listed means every method is allowed. */
export function MethodTags({ methods, emptyLabel }: { methods: readonly IntegrationMethod[]; emptyLabel?: string }) {
  const { t } = useIntT();
  if (!methods.length) return <Typography.Text type="secondary">{emptyLabel ?? t('templates.allMethods')}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {INTEGRATION_METHODS.filter((m) => methods.includes(m)).map((m) => (
        <Tooltip key={m} title={t(`methods.hints.${m}`)}>
          <Tag color={COLORS[m]} style={{ marginInlineEnd: 0 }}>
            {t(`methods.names.${m}`)}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}
