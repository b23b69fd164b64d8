/**
 * Create an integration template: title, platform, vertical, description and the methods its integrations may use.
 * The integration form opens it inline (`fixed`: the platform and vertical it is choosing a template for, shown but not
 * editable), and selects the template it creates.
 */
import { integrationTemplateCreate, type IntegrationTemplate } from '@leadgrid/shared/sell-side/integration-templates';
import { INTEGRATION_METHODS, type IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { Alert, Button, Checkbox, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { useActivePlatforms, useActiveVerticals, useCreateTemplates } from './api';
import { useIntT } from './i18n';

interface Values {
  title: string;
  platformId?: number;
  verticalId?: number;
  description: string;
  integrationMethodsRestrictions: IntegrationMethod[];
}

/** The method checkboxes; a method the platform does not support is marked. */
export function MethodsField({
  supported,
  value,
  onChange,
  disabled,
}: {
  supported?: readonly IntegrationMethod[];
  value?: IntegrationMethod[];
  onChange?: (value: IntegrationMethod[]) => void;
  disabled?: boolean;
}) {
  const { t } = useIntT();
  return (
    <Checkbox.Group style={{ width: '100%' }} value={value} onChange={(v) => onChange?.(v as IntegrationMethod[])} disabled={disabled}>
      <Flex vertical gap={6}>
        {INTEGRATION_METHODS.map((m) => (
          <Checkbox key={m} value={m} data-testid={`method-${m}`}>
            <Typography.Text>{t(`methods.names.${m}`)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
              {supported && !supported.includes(m) ? t('templates.notOnPlatform') : t(`methods.hints.${m}`)}
            </Typography.Text>
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}

export function TemplateDrawer({
  open,
  onClose,
  onCreated,
  fixed,
  zIndex,
}: {
  open: boolean;
  onClose(): void;
  onCreated?: (t: IntegrationTemplate) => void;
  /** the platform and vertical the template is for (not editable) */
  fixed?: { platformId: number; verticalId: number };
  /** above the form that opened it */
  zIndex?: number;
}) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const platforms = useActivePlatforms();
  const verticals = useActiveVerticals();
  const create = useCreateTemplates();
  const [failure, setFailure] = useState<string[]>([]);
  const platformId = Form.useWatch('platformId', form);
  const platform = platforms.data?.find((p) => p.id === platformId);
  const fixedPlatformId = fixed?.platformId;
  const fixedVerticalId = fixed?.verticalId;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (fixedPlatformId && fixedVerticalId) form.setFieldsValue({ platformId: fixedPlatformId, verticalId: fixedVerticalId });
    setFailure([]);
  }, [open, form, fixedPlatformId, fixedVerticalId]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setFailure([]);
    try {
      const saved = await create.mutateAsync([
        {
          title: values.title.trim(),
          platformId: values.platformId!,
          verticalId: values.verticalId!,
          description: values.description ?? '',
          integrationMethodsRestrictions: values.integrationMethodsRestrictions ?? [],
        },
      ]);
      onCreated?.(saved.items[0]);
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  const shape = integrationTemplateCreate.shape;
  return (
    <Drawer
      open={open}
      title={t('templates.create')}
      onClose={onClose}
      size={560}
      zIndex={zIndex}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('templates.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => void submit()} data-testid="template-save">
            {t('templates.createAction')}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ description: '', integrationMethodsRestrictions: [] }}
        data-testid="template-form"
      >
        <Form.Item name="title" label={t('templates.fields.title')} rules={[requiredRule(tc), zodRule(shape.title, tc)]} validateFirst>
          <Input maxLength={200} autoFocus placeholder={t('templates.titlePlaceholder')} data-testid="template-title" />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="platformId" label={t('templates.fields.platform')} rules={[requiredRule(tc)]} style={{ flex: 1 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={platforms.isLoading}
              placeholder={t('templates.choosePlatform')}
              disabled={Boolean(fixed)}
              options={(platforms.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
              notFoundContent={t('templates.noPlatforms')}
              data-testid="template-platform"
            />
          </Form.Item>
          <Form.Item name="verticalId" label={t('templates.fields.vertical')} rules={[requiredRule(tc)]} style={{ flex: 1 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={verticals.isLoading}
              placeholder={t('templates.chooseVertical')}
              disabled={Boolean(fixed)}
              options={(verticals.data ?? []).map((v) => ({ value: v.id, label: v.title }))}
              notFoundContent={t('templates.noVerticals')}
              data-testid="template-vertical"
            />
          </Form.Item>
        </Flex>
        <Form.Item name="description" label={t('templates.fields.description')} rules={[zodRule(shape.description, tc)]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            showCount
            placeholder={t('templates.descriptionPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="integrationMethodsRestrictions" label={t('templates.fields.methods')} extra={t('templates.methodsHint')}>
          <MethodsField supported={platform?.methods} />
        </Form.Item>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Drawer>
  );
}
