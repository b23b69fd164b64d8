/** Create or edit a payment method: title, description, currencies and the fields a withdrawal method must fill. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PAYMENT_FIELDS_MAX, paymentFieldInput, paymentMethodCreate, type PaymentMethod } from '@leadgrid/shared/money/payments';
import { rules } from '@leadgrid/shared/validation';
import { Alert, Button, Checkbox, Col, Divider, Drawer, Flex, Form, Input, Row, Segmented, Select, Tooltip, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { useAllCurrencies } from '../../../api/currencies';
import { useCreatePaymentMethods, useUpdatePaymentMethods } from '../../../api/paymentMethods';
import { applyNestedErrors } from './formErrors';
import { NS } from './i18n';

interface FieldRow {
  name: string;
  title: string;
  required: boolean;
  pattern: string;
}
interface FormValues {
  title: string;
  description: string;
  currencies: string[];
  fields: FieldRow[];
  status: 'active' | 'inactive';
}

const emptyField = (): FieldRow => ({ name: '', title: '', required: true, pattern: '' });

export function PaymentMethodDrawer({ open, initial, onClose }: { open: boolean; initial: PaymentMethod | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<FormValues>();
  useRevalidateOnLanguageChange(form);
  const currencies = useAllCurrencies();
  const create = useCreatePaymentMethods();
  const update = useUpdatePaymentMethods();
  const [saving, setSaving] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    setNotes([]);
    form.resetFields();
    form.setFieldsValue(
      initial
        ? {
            title: initial.title,
            description: initial.description,
            currencies: initial.currencies,
            fields: initial.fields.map((f) => ({ name: f.name, title: f.title, required: f.required, pattern: f.pattern ?? '' })),
          }
        : { title: '', description: '', currencies: [], fields: [emptyField()], status: 'active' },
    );
  }, [open, initial, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        title: v.title.trim(),
        description: (v.description ?? '').trim(),
        currencies: v.currencies ?? [],
        fields: (v.fields ?? []).map((f) => ({
          name: f.name.trim(),
          title: f.title.trim(),
          required: Boolean(f.required),
          pattern: f.pattern?.trim() || null,
        })),
      };
      if (initial) await update.mutateAsync([{ id: initial.id, ...body }]);
      else await create.mutateAsync([{ ...body, status: v.status }]);
      onClose();
    } catch (err) {
      setNotes(applyNestedErrors(form, err));
    } finally {
      setSaving(false);
    }
  };

  const uniqueName = {
    validator: async (_r: unknown, value: string) => {
      const names = ((form.getFieldValue('fields') as FieldRow[] | undefined) ?? []).map((f) => f?.name?.trim()).filter(Boolean);
      if (value && names.filter((n) => n === value.trim()).length > 1) throw new Error(tc('validation.unique'));
    },
  };

  return (
    <Drawer
      open={open}
      title={initial ? t('edit') : t('create')}
      onClose={onClose}
      size={720}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="payment-method-save">
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark={false} data-testid="payment-method-form">
        {notes.length ? <Alert type="error" showIcon title={notes.join(' · ')} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="title"
          label={t('fields.title')}
          extra={t('hints.title')}
          rules={[requiredRule(tc), zodRule(paymentMethodCreate.shape.title, tc)]}
          validateFirst
        >
          <Input maxLength={200} autoFocus data-testid="payment-method-title" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[{ max: 2000, message: tc('validation.maxlength') }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="currencies" label={t('fields.currencies')} extra={t('hints.currencies')}>
          <Select
            mode="multiple"
            loading={currencies.isLoading}
            options={(currencies.data ?? []).map((c) => ({
              value: c.code,
              label: `${c.code} · ${c.name}`,
              disabled: c.status !== 'active' && !initial?.currencies.includes(c.code),
            }))}
            optionFilterProp="label"
            allowClear
          />
        </Form.Item>
        {!initial ? (
          <Form.Item name="status" label={t('fields.status')}>
            <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
          </Form.Item>
        ) : null}
        <Divider titlePlacement="start" style={{ marginTop: 8 }}>
          {t('fields.fields')}
        </Divider>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('hints.fields')}
        </Typography.Paragraph>
        <Form.List name="fields">
          {(rows, { add, remove }) => (
            <Flex vertical gap={10}>
              {rows.length === 0 ? <Typography.Text type="secondary">{t('noFields')}</Typography.Text> : null}
              {rows.map((row, index) => (
                <div
                  key={row.key}
                  style={{ padding: '12px 12px 0', borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}
                  data-testid="payment-field-row"
                >
                  <Row gutter={10} align="top">
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[row.name, 'name']}
                        label={t('fields.name')}
                        rules={[requiredRule(tc), zodRule(paymentFieldInput.shape.name, tc), uniqueName]}
                        validateFirst
                        style={{ marginBottom: 12 }}
                      >
                        <Input
                          placeholder="iban"
                          spellCheck={false}
                          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item
                        name={[row.name, 'title']}
                        label={t('fields.fieldTitle')}
                        rules={[requiredRule(tc), zodRule(paymentFieldInput.shape.title, tc)]}
                        validateFirst
                        style={{ marginBottom: 12 }}
                      >
                        <Input placeholder="IBAN" maxLength={200} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item
                        name={[row.name, 'required']}
                        label={t('fields.required')}
                        valuePropName="checked"
                        style={{ marginBottom: 12 }}
                      >
                        <Checkbox />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={1} style={{ textAlign: 'right', paddingTop: 30 }}>
                      <Tooltip title={t('removeField')}>
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('removeField')} onClick={() => remove(index)} />
                      </Tooltip>
                    </Col>
                    <Col span={24}>
                      <Form.Item
                        name={[row.name, 'pattern']}
                        label={t('fields.pattern')}
                        extra={index === 0 ? t('hints.pattern') : undefined}
                        rules={[
                          {
                            validator: async (_r, value: string) => {
                              if (rules.regex(value) !== true) throw new Error(tc('validation.pattern'));
                            },
                          },
                        ]}
                        style={{ marginBottom: 12 }}
                      >
                        <Input
                          placeholder="^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$"
                          spellCheck={false}
                          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add(emptyField())}
                disabled={rows.length >= PAYMENT_FIELDS_MAX}
                block
                data-testid="payment-field-add"
              >
                {t('addField')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
