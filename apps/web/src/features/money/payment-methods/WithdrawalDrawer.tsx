/**
 * An affiliate adds or edits one of their withdrawal methods: the payment method (fixed once added), their own
 * name for it, the details its fields ask for (required and format checked here and again by the server), and
 * whether it is the default.
 */
import type { PaymentField, WithdrawalMethod } from '@leadgrid/shared/money/payments';
import { rules } from '@leadgrid/shared/validation';
import { Alert, Button, Divider, Drawer, Flex, Form, Input, Select, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../components/form';
import { useActivePaymentMethods, useCreateWithdrawalMethods, useUpdateWithdrawalMethods } from '../../../api/paymentMethods';
import { applyNestedErrors } from './formErrors';
import { NS } from './i18n';

interface FormValues {
  paymentMethodId?: number;
  title: string;
  values: Record<string, string>;
  isDefault: boolean;
}

export function WithdrawalDrawer({ open, initial, onClose }: { open: boolean; initial: WithdrawalMethod | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const methods = useActivePaymentMethods(open);
  const create = useCreateWithdrawalMethods();
  const update = useUpdateWithdrawalMethods();
  const [saving, setSaving] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  const chosenId = Form.useWatch('paymentMethodId', form);
  const fields: PaymentField[] = useMemo(() => {
    if (initial) return initial.paymentMethod.fields;
    return methods.data?.find((m) => m.id === chosenId)?.fields ?? [];
  }, [initial, methods.data, chosenId]);

  useEffect(() => {
    if (!open) return;
    setNotes([]);
    form.resetFields();
    form.setFieldsValue(
      initial
        ? {
            title: initial.title,
            values: Object.fromEntries(initial.paymentMethod.fields.map((f) => [f.name, initial.values[f.name] ?? ''])),
            isDefault: initial.isDefault,
          }
        : { title: '', values: {}, isDefault: false },
    );
  }, [open, initial, form]);

  // every field of the chosen method starts empty, so a server error can always find its field
  useEffect(() => {
    if (!open || initial || !chosenId) return;
    form.setFieldValue('values', Object.fromEntries(fields.map((f) => [f.name, ''])));
  }, [open, initial, chosenId, fields, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const values = Object.fromEntries(fields.map((f) => [f.name, (v.values?.[f.name] ?? '').trim()]).filter(([, value]) => value !== ''));
      if (initial)
        await update.mutateAsync([
          { id: initial.id, title: v.title.trim(), values, ...(v.isDefault && !initial.isDefault ? { isDefault: true } : {}) },
        ]);
      else await create.mutateAsync([{ paymentMethodId: v.paymentMethodId!, title: v.title.trim(), values, isDefault: v.isDefault }]);
      onClose();
    } catch (err) {
      setNotes(applyNestedErrors(form, err));
    } finally {
      setSaving(false);
    }
  };

  const noMethods = !initial && methods.isSuccess && methods.data.length === 0;
  const inactiveMethod = initial && initial.paymentMethod.status !== 'active';

  return (
    <Drawer
      open={open}
      title={initial ? t('withdrawal.edit') : t('withdrawal.create')}
      onClose={onClose}
      size={520}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={noMethods} onClick={() => void submit()} data-testid="withdrawal-save">
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="withdrawal-form">
        {noMethods ? <Alert type="info" showIcon title={t('withdrawal.noMethods')} style={{ marginBottom: 16 }} /> : null}
        {inactiveMethod ? <Alert type="warning" showIcon title={t('withdrawal.methodInactive')} style={{ marginBottom: 16 }} /> : null}
        {notes.length ? <Alert type="error" showIcon title={notes.join(' · ')} style={{ marginBottom: 16 }} /> : null}
        {initial ? (
          <Form.Item label={t('withdrawal.method')}>
            <Typography.Text strong>{initial.paymentMethod.title}</Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item name="paymentMethodId" label={t('withdrawal.method')} rules={[requiredRule(tc)]}>
            <Select
              loading={methods.isLoading}
              placeholder={t('withdrawal.methodPlaceholder')}
              options={(methods.data ?? []).map((m) => ({ value: m.id, label: m.title }))}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="withdrawal-method"
            />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('withdrawal.titleLabel')}
          extra={t('withdrawal.titleHint')}
          rules={[{ max: 200, message: tc('validation.minMaxLength') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        {fields.length ? (
          <>
            <Divider titlePlacement="start">{t('withdrawal.details')}</Divider>
            {fields.map((f) => (
              <Form.Item
                key={f.name}
                name={['values', f.name]}
                label={f.title}
                required={f.required}
                rules={[
                  ...(f.required ? [requiredRule(tc)] : []),
                  {
                    validator: async (_r, value: string) => {
                      if (f.pattern && rules.pattern(value?.trim(), f.pattern) !== true) throw new Error(tc('validation.pattern'));
                    },
                  },
                ]}
              >
                <Input maxLength={500} spellCheck={false} data-testid={`withdrawal-value-${f.name}`} />
              </Form.Item>
            ))}
          </>
        ) : null}
        {!initial?.isDefault ? (
          <Form.Item name="isDefault" label={t('withdrawal.makeDefault')} valuePropName="checked">
            <Switch />
          </Form.Item>
        ) : null}
      </Form>
    </Drawer>
  );
}
