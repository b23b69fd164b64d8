/** Create or edit a platform: title, description and the integration methods it supports. */
import { INTEGRATION_METHODS, type IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { platformCreate, type Platform } from '@leadgrid/shared/sell-side/platforms';
import { Checkbox, Flex, Form, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../components/form';
import { useCreatePlatforms, useUpdatePlatforms } from './api';
import { NS } from './i18n';
import { CatalogueDrawer, type CatalogueDrawerProps } from '../parts';

/** A platform's own field besides title, description and status; a new platform starts with API and postback. */
const methods = {
  values: (initial: Platform | null) => ({ methods: initial ? initial.methods : (['api', 'postback'] as IntegrationMethod[]) }),
  item: (values: { methods: IntegrationMethod[] }) => ({ methods: values.methods ?? [] }),
};

/** The method flags as checkable cards with what each method means. */
function MethodsInput({ value, onChange }: { value?: IntegrationMethod[]; onChange?: (v: IntegrationMethod[]) => void }) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const chosen = value ?? [];
  return (
    <Checkbox.Group value={chosen} onChange={(v) => onChange?.(INTEGRATION_METHODS.filter((m) => v.includes(m)))} style={{ width: '100%' }}>
      <Flex vertical gap={8} style={{ width: '100%' }}>
        {INTEGRATION_METHODS.map((m) => (
          <label
            key={m}
            style={{
              display: 'flex',
              gap: 10,
              padding: '10px 12px',
              cursor: 'pointer',
              borderRadius: token.borderRadiusLG,
              border: `1px solid ${chosen.includes(m) ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
              background: chosen.includes(m) ? token.colorPrimaryBg : undefined,
            }}
          >
            <Checkbox value={m} data-testid={`platform-method-${m}`} />
            <Flex vertical>
              <Typography.Text strong>{t(`methods.${m}`)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`methodHints.${m}`)}
              </Typography.Text>
            </Flex>
          </label>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}

export function PlatformDrawer(props: CatalogueDrawerProps<Platform>) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const create = useCreatePlatforms();
  const update = useUpdatePlatforms();
  return (
    <CatalogueDrawer
      {...props}
      ns={NS}
      schema={platformCreate}
      testId="platform"
      rows={{ minRows: 2, maxRows: 6 }}
      create={create.mutateAsync}
      update={update.mutateAsync}
      extra={methods}
    >
      <Form.Item name="methods" label={t('fields.methods')} extra={t('hints.methods')} rules={[requiredRule(tc)]}>
        <MethodsInput />
      </Form.Item>
    </CatalogueDrawer>
  );
}
