/**
 * The bulk edit of the selected payment rules: status, payment type, revenue, payout, target conversion status,
 * auto-approve, multi-conversion and sieve, each applied only when its switch is on, in one PATCH /payment-rules (all
 * or nothing: an item the server refuses leaves every rule as it was, and its error names the rule).
 */
import { compareMoney } from '@leadgrid/shared/money/decimal';
import { AUTO_APPROVE_HOURS, PERCENT_MAX, paymentRuleUpdate, type PaymentRule } from '@leadgrid/shared/inventory/caps';
import { CONVERSION_STATUS_VALUES } from '@leadgrid/shared/sell-side/sell-side';
import { EMPTY_SIEVE, PAYMENT_TYPES } from '@leadgrid/shared/inventory/sieves';
import { Checkbox, Flex, Form, Input, InputNumber, Segmented, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { ApiError, serverMessageText } from '../../../../api/client';
import { requiredRule, zodRule } from '../../../../components/form';
import { SieveEditor, sieveRule } from '../../../../components/sieve';
import { CurrencyPicker } from '../../../../components/pickers/sellSide';
import { useRuleWrites } from './api';
import { decimalInput } from './decimals';
import { bulkTexts, FormFailure, useTabsT } from '../../formParts';
import { CONVERSION_STATUS_KEYS } from './PaymentRuleDrawer';
import { ruleBulkItems, type RuleBulkValues } from './paymentRuleForm';
import { BulkModalFrame, CheckRow } from '../../../../components/bulk/BulkEditModal';

const FIELDS = [
  'status',
  'paymentType',
  'revenue',
  'payout',
  'targetConversionStatus',
  'autoApprove',
  'isMultiConversion',
  'sieve',
] as const;
type Field = (typeof FIELDS)[number];

interface BulkForm {
  on: Partial<Record<Field, boolean>>;
  status: 'active' | 'inactive';
  paymentType: 'fixed' | 'percent';
  revenueValue: string;
  revenueCurrency: string;
  payoutValue: string;
  payoutCurrency: string;
  targetConversionStatus: 1 | 2 | 3 | 4;
  autoApprove: boolean;
  autoApprovePeriod: number;
  isMultiConversion: boolean;
  sieve: RuleBulkValues['sieve'];
}

/** what the switches say to change */
export function bulkValuesOf(f: BulkForm): RuleBulkValues {
  const on = f.on ?? {};
  return {
    status: on.status ? f.status : undefined,
    paymentType: on.paymentType ? f.paymentType : undefined,
    revenueValue: on.revenue ? f.revenueValue : undefined,
    revenueCurrency: on.revenue ? f.revenueCurrency : undefined,
    payoutValue: on.payout ? f.payoutValue : undefined,
    payoutCurrency: on.payout ? f.payoutCurrency : undefined,
    targetConversionStatus: on.targetConversionStatus ? f.targetConversionStatus : undefined,
    autoApprovePeriod: on.autoApprove ? (f.autoApprove ? f.autoApprovePeriod : null) : undefined,
    isMultiConversion: on.isMultiConversion ? f.isMultiConversion : undefined,
    sieve: on.sieve ? f.sieve : undefined,
  };
}

export function RuleBulkModal({
  open,
  offerId,
  rules,
  onClose,
  onDone,
}: {
  open: boolean;
  offerId: number;
  /** the selected rules */
  rules: PaymentRule[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTabsT();
  const [form] = Form.useForm<BulkForm>();
  const writes = useRuleWrites(offerId);
  const [failure, setFailure] = useState<string[]>([]);
  const on = (Form.useWatch('on', form) ?? {}) as Partial<Record<Field, boolean>>;
  const paymentType = Form.useWatch('paymentType', form);
  const autoApprove = Form.useWatch('autoApprove', form);
  const nothing = !FIELDS.some((f) => on[f]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const first = rules[0];
    form.setFieldsValue({
      on: {},
      status: 'active',
      paymentType: 'fixed',
      revenueValue: '',
      revenueCurrency: first?.revenueCurrency ?? 'USD',
      payoutValue: '',
      payoutCurrency: first?.payoutCurrency ?? 'USD',
      targetConversionStatus: 3,
      autoApprove: true,
      autoApprovePeriod: 72,
      isMultiConversion: false,
      sieve: EMPTY_SIEVE,
    });
    setFailure([]);
    // the selection is read when the popup opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);

  /** a payout above 100 for a rule that is (or becomes) percent */
  const percentProblem = () => {
    const f = form.getFieldsValue(true) as BulkForm;
    const v = bulkValuesOf(f);
    const payout = v.payoutValue !== undefined ? decimalInput(v.payoutValue) : undefined;
    const over = rules.filter((r) => {
      const type = v.paymentType ?? r.paymentType;
      const value = payout ?? r.payoutValue;
      try {
        return type === 'percent' && compareMoney(value, PERCENT_MAX) > 0;
      } catch {
        return false;
      }
    });
    return over.length ? t('rules.bulkPercent', { max: PERCENT_MAX, titles: over.map((r) => r.title || `#${r.id}`).join(', ') }) : null;
  };

  const submit = async () => {
    const f = await form.validateFields().catch(() => null);
    if (!f || nothing) return;
    const problem = percentProblem();
    if (problem) {
      setFailure([problem]);
      return;
    }
    setFailure([]);
    try {
      await writes.update.mutateAsync(
        ruleBulkItems(
          rules.map((r) => r.id),
          bulkValuesOf(f),
        ),
      );
      onDone();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      // each error names its item: say which rule it is about
      const messages = err.errors.map((e) => {
        const i = e.loc[e.loc.indexOf('items') + 1];
        const rule = typeof i === 'number' ? rules[i] : undefined;
        const field = [...e.loc].reverse().find((p): p is string => typeof p === 'string');
        return `${rule ? `${rule.title || `#${rule.id}`}: ` : ''}${field ? `${t(`bulkFields.${field}`, { defaultValue: field })} — ` : ''}${serverMessageText(e.msg)}`;
      });
      setFailure(messages.length ? messages : [err.message]);
    }
  };

  const row = (field: Field, label: string, control: ReactNode) => (
    <CheckRow key={field} name={['on', field]} label={label} width={200} testId={`rule-bulk-on-${field}`}>
      {control}
    </CheckRow>
  );

  const decimalRules = (field: 'revenueValue' | 'payoutValue') => [requiredRule(t), zodRule(paymentRuleUpdate.shape[field], t)];

  return (
    <BulkModalFrame
      open={open}
      {...bulkTexts(t)}
      title={t('rules.bulkTitle', { count: rules.length })}
      onCancel={onClose}
      onOk={() => void submit()}
      disabled={nothing}
      applyTestId="rule-bulk-save"
      pending={writes.update.isPending}
      width={720}
    >
      <Form form={form} layout="vertical" requiredMark={false} data-testid="rule-bulk-form">
        <Flex vertical gap={6}>
          {row(
            'status',
            t('fields.status'),
            <Form.Item name="status" noStyle>
              <Segmented
                disabled={!on.status}
                options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Form.Item>,
          )}
          {row(
            'paymentType',
            t('fields.paymentType'),
            <Form.Item name="paymentType" noStyle>
              <Segmented disabled={!on.paymentType} options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentTypes.${p}`) }))} />
            </Form.Item>,
          )}
          {row(
            'revenue',
            t('fields.revenue'),
            <>
              <Form.Item name="revenueValue" rules={on.revenue ? decimalRules('revenueValue') : []} style={{ marginBottom: 8, width: 160 }}>
                <Input inputMode="decimal" disabled={!on.revenue} placeholder="0.00" data-testid="rule-bulk-revenue" />
              </Form.Item>
              <Form.Item name="revenueCurrency" style={{ marginBottom: 8, width: 120 }}>
                <CurrencyPicker disabled={!on.revenue} labelRender={(o) => String(o.value)} popupMatchSelectWidth={false} />
              </Form.Item>
            </>,
          )}
          {row(
            'payout',
            t('fields.payout'),
            <>
              <Form.Item name="payoutValue" rules={on.payout ? decimalRules('payoutValue') : []} style={{ marginBottom: 8, width: 160 }}>
                <Input
                  inputMode="decimal"
                  disabled={!on.payout}
                  placeholder="0.00"
                  suffix={<span style={{ minWidth: 10 }}>{on.paymentType && paymentType === 'percent' ? '%' : ''}</span>}
                  data-testid="rule-bulk-payout"
                />
              </Form.Item>
              <Form.Item
                name="payoutCurrency"
                style={{ marginBottom: 8, width: 120 }}
                extra={<span style={{ fontSize: 12 }}>{t('rules.bulkPercentCurrency')}</span>}
              >
                <CurrencyPicker disabled={!on.payout} labelRender={(o) => String(o.value)} popupMatchSelectWidth={false} />
              </Form.Item>
            </>,
          )}
          {row(
            'targetConversionStatus',
            t('fields.targetConversionStatus'),
            <Form.Item name="targetConversionStatus" noStyle>
              <Select
                disabled={!on.targetConversionStatus}
                style={{ width: 200 }}
                options={CONVERSION_STATUS_VALUES.map((v) => ({ value: v, label: t(`status.${CONVERSION_STATUS_KEYS[v]}`) }))}
              />
            </Form.Item>,
          )}
          {row(
            'autoApprove',
            t('fields.autoApprove'),
            <>
              <Form.Item name="autoApprove" valuePropName="checked" noStyle>
                <Switch disabled={!on.autoApprove} style={{ marginTop: 5 }} />
              </Form.Item>
              <Form.Item
                name="autoApprovePeriod"
                rules={on.autoApprove && autoApprove ? [requiredRule(t), zodRule(paymentRuleUpdate.shape.autoApprovePeriod, t)] : []}
                style={{ marginBottom: 8 }}
              >
                <InputNumber
                  min={AUTO_APPROVE_HOURS.min}
                  max={AUTO_APPROVE_HOURS.max}
                  precision={0}
                  disabled={!on.autoApprove || !autoApprove}
                  suffix={t('rules.hoursSuffix')}
                  style={{ width: 140 }}
                />
              </Form.Item>
            </>,
          )}
          {row(
            'isMultiConversion',
            t('fields.multiConversion'),
            <Form.Item name="isMultiConversion" valuePropName="checked" noStyle>
              <Switch disabled={!on.isMultiConversion} style={{ marginTop: 5 }} />
            </Form.Item>,
          )}
          <Form.Item name={['on', 'sieve']} valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox data-testid="rule-bulk-on-sieve">{t('bulk.replaceSieve')}</Checkbox>
          </Form.Item>
          {on.sieve ? (
            <Form.Item name="sieve" rules={[sieveRule('paymentRules', t)]}>
              <SieveEditor owner="paymentRules" offerId={offerId} />
            </Form.Item>
          ) : null}
        </Flex>
      </Form>
      <FormFailure messages={failure} />
    </BulkModalFrame>
  );
}
