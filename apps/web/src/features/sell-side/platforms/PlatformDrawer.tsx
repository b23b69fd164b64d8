/** Create or edit a platform: title, description and the integration methods it supports. */
import { INTEGRATION_METHODS, type IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { platformCreate, type Platform } from '@leadgrid/shared/sell-side/platforms';
import { Alert, Checkbox, Flex, Form, Segmented, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityDrawer, useEntityForm } from '../../../components/drawer/EntityDrawer';
import { requiredRule } from '../../../components/form';
import { useCreatePlatforms, useUpdatePlatforms, type PlatformStatus } from './api';
import { NS } from './i18n';
import { TitleDescriptionFields } from '../parts';

interface Values {
  title: string;
  description: string;
  methods: IntegrationMethod[];
  status: PlatformStatus;
}

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

export function PlatformDrawer({
  open,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  initial: Platform | null;
  onClose(): void;
  onSaved?(p: Platform): void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const create = useCreatePlatforms();
  const update = useUpdatePlatforms();
  const { form, saving, notes, save } = useEntityForm<Values>({
    open,
    deps: [initial],
    values: () =>
      initial
        ? { title: initial.title, description: initial.description, methods: initial.methods }
        : { title: '', description: '', methods: ['api', 'postback'], status: 'active' },
  });

  const submit = () =>
    save(async (values) => {
      const item = { title: values.title.trim(), description: (values.description ?? '').trim(), methods: values.methods ?? [] };
      const saved = initial
        ? await update.mutateAsync([{ id: initial.id, ...item }])
        : await create.mutateAsync([{ ...item, status: values.status }]);
      onSaved?.(saved.items[0]);
      onClose();
    });

  return (
    <EntityDrawer
      open={open}
      title={initial ? t('edit') : t('create')}
      onClose={onClose}
      size={560}
      cancelText={t('actions.cancel')}
      saveText={initial ? t('actions.save') : t('actions.create')}
      saving={saving}
      onSave={() => void submit()}
      saveTestId="platform-save"
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="platform-form">
        {notes.length ? <Alert type="error" showIcon title={notes.join(' · ')} style={{ marginBottom: 16 }} /> : null}
        <TitleDescriptionFields schema={platformCreate} t={t} tc={tc} testId="platform" rows={{ minRows: 2, maxRows: 6 }} />
        <Form.Item name="methods" label={t('fields.methods')} extra={t('hints.methods')} rules={[requiredRule(tc)]}>
          <MethodsInput />
        </Form.Item>
        {!initial ? (
          <Form.Item name="status" label={t('fields.status')}>
            <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
    </EntityDrawer>
  );
}
