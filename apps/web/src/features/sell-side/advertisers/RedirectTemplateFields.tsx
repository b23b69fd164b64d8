/** The redirect template fields, shared by the advertiser drawer and the redirect card of the general tab. */
import { zCallUrl } from '@leadgrid/shared/sell-side/integration-sections';
import { Flex, Form, Input, Switch, Typography } from 'antd';
import { requiredRule, zodRule } from '../../../components/form';
import { useAdvertisersT } from './i18n';

/** The redirect template switch and its URL: the URL is required while the switch is on. */
export function RedirectTemplateFields() {
  const { t } = useAdvertisersT();
  const enabled = Form.useWatch('redirectTemplateEnabled') as boolean | undefined;
  return (
    <>
      <Flex align="center" justify="space-between" gap={12} style={{ padding: '4px 0 16px' }}>
        <Flex vertical>
          <Typography.Text>{t('fields.redirectTemplateEnabled')}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('redirect.hint')}
          </Typography.Text>
        </Flex>
        <Form.Item name="redirectTemplateEnabled" valuePropName="checked" noStyle>
          <Switch aria-label={t('fields.redirectTemplateEnabled')} data-testid="redirect-enabled" />
        </Form.Item>
      </Flex>
      <Form.Item
        name="redirectTemplate"
        label={t('fields.redirectTemplate')}
        extra={t('redirect.templateHint')}
        dependencies={['redirectTemplateEnabled']}
        validateTrigger={['onChange', 'onBlur']}
        rules={[...(enabled ? [requiredRule(t)] : []), zodRule(zCallUrl(), t, 'onBlur')]}
      >
        <Input placeholder="https://brand.example/landing?click={click_id}" maxLength={2048} data-testid="redirect-template" />
      </Form.Item>
    </>
  );
}
