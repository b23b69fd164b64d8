/** Create or edit a currency: code (fixed once created), names, symbols and its rate against the base currency. */
import { currencyCreate, type Currency } from '@leadgrid/shared/money/currencies';
import { Alert, Button, Col, Drawer, Flex, Form, Input, Row, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { useCreateCurrencies, useUpdateCurrencies } from '../../../api/currencies';
import { NS } from './i18n';

interface FormValues {
  code: string;
  name: string;
  title: string;
  symbol: string;
  symbolNative: string;
  rate: string;
  status: 'active' | 'inactive';
}

export function CurrencyDrawer({
  open,
  initial,
  base,
  onClose,
  onCreated,
}: {
  open: boolean;
  initial: Currency | null;
  base: string;
  onClose(): void;
  onCreated?(c: Currency): void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  useRevalidateOnLanguageChange(form);
  const create = useCreateCurrencies();
  const update = useUpdateCurrencies();
  const [saving, setSaving] = useState(false);
  const isBase = Boolean(initial?.isBase);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      initial
        ? {
            code: initial.code,
            name: initial.name,
            title: initial.title,
            symbol: initial.symbol,
            symbolNative: initial.symbolNative,
            rate: initial.rate,
          }
        : { code: '', name: '', title: '', symbol: '', symbolNative: '', rate: '', status: 'active' },
    );
  }, [open, initial, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const common = {
        name: v.name.trim(),
        title: v.title.trim(),
        symbol: v.symbol.trim(),
        symbolNative: v.symbolNative?.trim() || v.symbol.trim(),
      };
      if (initial) {
        await update.mutateAsync([{ id: initial.id, ...common, ...(isBase ? {} : { rate: v.rate.trim() }) }]);
      } else {
        const created = await create.mutateAsync([{ code: v.code.trim().toUpperCase(), ...common, rate: v.rate.trim(), status: v.status }]);
        onCreated?.(created.items[0]);
      }
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      title={initial ? `${t('edit')}: ${initial.code}` : t('create')}
      onClose={onClose}
      size={520}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="currency-save">
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="currency-form">
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="code"
              label={t('fields.code')}
              extra={initial ? undefined : t('hints.code')}
              rules={initial ? [] : [requiredRule(tc), zodRule(currencyCreate.shape.code, tc)]}
              normalize={(v: string) => v.toUpperCase()}
              validateFirst
            >
              <Input
                maxLength={3}
                disabled={Boolean(initial)}
                autoFocus={!initial}
                placeholder="EUR"
                style={{ textTransform: 'uppercase', fontFamily: 'monospace' }}
                data-testid="currency-code"
              />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              name="rate"
              label={t('fields.rate')}
              extra={isBase ? undefined : t('hints.rate', { base })}
              rules={isBase ? [] : [requiredRule(tc), zodRule(currencyCreate.shape.rate, tc)]}
              validateFirst
            >
              <Input disabled={isBase} inputMode="decimal" placeholder="0.92" prefix={`1 ${base} =`} data-testid="currency-rate" />
            </Form.Item>
          </Col>
        </Row>
        {isBase ? <Alert type="info" showIcon title={t('hints.baseRate')} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(tc), zodRule(currencyCreate.shape.name, tc)]} validateFirst>
          <Input maxLength={100} placeholder="Euro" data-testid="currency-name" />
        </Form.Item>
        <Form.Item name="title" label={t('fields.title')} rules={[requiredRule(tc), zodRule(currencyCreate.shape.title, tc)]} validateFirst>
          <Input maxLength={200} placeholder="Euro" data-testid="currency-title" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="symbol"
              label={t('fields.symbol')}
              rules={[requiredRule(tc), zodRule(currencyCreate.shape.symbol, tc)]}
              validateFirst
            >
              <Input maxLength={8} placeholder="€" data-testid="currency-symbol" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="symbolNative" label={t('fields.symbolNative')} extra={t('hints.symbolNative')}>
              <Input maxLength={8} placeholder="€" />
            </Form.Item>
          </Col>
        </Row>
        {!initial ? (
          <Form.Item name="status" label={t('fields.status')}>
            <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
    </Drawer>
  );
}
