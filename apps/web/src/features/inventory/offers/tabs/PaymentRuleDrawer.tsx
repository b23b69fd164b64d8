/**
 * Create (PUT /payment-rules) or edit (PATCH /payment-rules) one payment rule of the offer: payment model, goal, the
 * conversion status it pays on, fixed or percent, revenue and payout with their currencies (a percent rule pays a
 * share of the revenue, in the revenue currency, at most 100 %), multi-conversion, auto-approve hours, status and
 * sieve. Amounts are typed and sent as decimal strings, exactly as written; the table shows them with two decimals.
 */
import { AUTO_APPROVE_HOURS, PERCENT_MAX, paymentRuleUpdate, type PaymentRule } from '@leadgrid/shared/inventory/caps';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { CONVERSION_STATUS_VALUES } from '@leadgrid/shared/sell-side/sell-side';
import { PAYMENT_TYPES } from '@leadgrid/shared/inventory/sieves';
import { Col, Divider, Flex, Form, Input, InputNumber, Row, Segmented, Select, Switch, Typography } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useAllCurrencies } from '../../../../api/reference';
import { messageText, requiredRule, zodRule } from '../../../../components/form';
import { SieveEditor, sieveRule, type SieveErrors } from '../../../../components/sieve';
import { CurrencyPicker } from '../../../../components/pickers/sellSide';
import { usePaymentModels, useRuleWrites, useVerticalGoals } from './api';
import { applyItemErrors, FormFailure, useTabsT } from '../../formParts';
import {
  ruleCreateItem,
  ruleFormErrors,
  ruleUpdateItem,
  ruleValuesOf,
  type PaymentRuleField,
  type PaymentRuleValues,
} from './paymentRuleForm';
import { FormDrawer, useFormDrawer } from '../../../../components/drawer/EntityDrawer';

const crossRule = (form: FormInstance<PaymentRuleValues>, field: PaymentRuleField, t: TFunction): Rule => ({
  validator: async () => {
    const problem = ruleFormErrors(form.getFieldsValue(true) as PaymentRuleValues)[field];
    if (problem)
      throw new Error(
        field === 'payoutValue' && problem === 'noMore' ? t('rules.percentMax', { max: PERCENT_MAX }) : messageText(t, problem),
      );
  },
});

/** the conversion statuses a rule may pay on: 1 pending, 2 hold, 3 approved, 4 rejected */
export const CONVERSION_STATUS_KEYS: Record<number, string> = { 1: 'pending', 2: 'hold', 3: 'approved', 4: 'rejected' };

export function useRuleLookups(offer: Offer) {
  const goals = useVerticalGoals(offer.vertical.id);
  const models = usePaymentModels(offer.vertical.id);
  return { goals, models };
}

export function PaymentRuleDrawer({
  open,
  offer,
  rule,
  onClose,
}: {
  open: boolean;
  offer: Offer;
  rule: PaymentRule | null;
  onClose: () => void;
}) {
  const { t } = useTabsT();
  const [sieveErrors, setSieveErrors] = useState<SieveErrors>({});
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<PaymentRuleValues>({
    open,
    deps: [rule],
    values: () => ruleValuesOf(rule, { currency: 'USD' }),
    onOpen: () => setSieveErrors({}),
  });
  const writes = useRuleWrites(offer.id);
  const saving = writes.create.isPending || writes.update.isPending;
  const { goals, models } = useRuleLookups(offer);
  const currencies = useAllCurrencies();
  const baseCurrency = currencies.data?.find((c) => c.isBase)?.code;
  const paymentType = Form.useWatch('paymentType', form) ?? 'fixed';
  const autoApprove = Form.useWatch('autoApprove', form) ?? false;
  const revenueCurrency = Form.useWatch('revenueCurrency', form);

  // a new rule is priced in the base currency unless another is chosen (the look-up may arrive later)
  useEffect(() => {
    if (open && !rule && baseCurrency && !form.isFieldTouched('revenueCurrency') && !form.isFieldTouched('payoutCurrency'))
      form.setFieldsValue({ revenueCurrency: baseCurrency, payoutCurrency: baseCurrency });
  }, [open, rule, baseCurrency, form]);

  const submit = async (v: PaymentRuleValues) => {
    setFailure([]);
    setSieveErrors({});
    try {
      if (rule) await writes.update.mutateAsync([ruleUpdateItem(rule, v)]);
      else await writes.create.mutateAsync([ruleCreateItem(offer.id, v)]);
      onClose();
    } catch (err) {
      const { rest, sieve } = applyItemErrors(form, err);
      setSieveErrors(sieve);
      setFailure(rest);
    }
  };

  const goalOptions = [...(goals.data ?? [])];
  if (rule?.goal && !goalOptions.some((g) => g.id === rule.goal!.id)) goalOptions.unshift(rule.goal);
  const modelOptions = (models.data ?? []).map((m) => ({ value: m.id, label: m.title }));
  if (rule?.paymentModel && !modelOptions.some((m) => m.value === rule.paymentModel!.id))
    modelOptions.unshift({ value: rule.paymentModel.id, label: rule.paymentModel.title });

  return (
    <FormDrawer<PaymentRuleValues>
      open={open}
      onClose={onClose}
      size={720}
      title={rule ? t('rules.editTitle', { title: rule.title || `#${rule.id}` }) : t('rules.createTitle')}
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(rule) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={rule ? t('actions.save') : t('rules.create')}
      saveTestId="rule-save"
      formTestId="rule-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            name="title"
            label={t('fields.title')}
            extra={t('rules.titleHint')}
            rules={[zodRule(paymentRuleUpdate.shape.title, t)]}
          >
            <Input maxLength={200} placeholder={t('rules.titlePlaceholder')} data-testid="rule-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="status" label={t('fields.status')}>
            <Segmented block options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="paymentModelId" label={t('fields.paymentModel')}>
            <Select
              allowClear
              placeholder={t('rules.noModel')}
              loading={models.isFetching}
              options={modelOptions}
              data-testid="rule-model"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="goalId" label={t('fields.goal')}>
            <Select
              allowClear
              placeholder={t('caps.anyGoal')}
              loading={goals.isFetching}
              options={goalOptions.map((g) => ({ value: g.id, label: g.title }))}
              data-testid="rule-goal"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="targetConversionStatus" label={t('fields.targetConversionStatus')} extra={t('rules.targetHint')}>
            <Select
              options={CONVERSION_STATUS_VALUES.map((v) => ({ value: v, label: t(`status.${CONVERSION_STATUS_KEYS[v]}`) }))}
              data-testid="rule-target-status"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="paymentType" label={t('fields.paymentType')} extra={t(`rules.typeHints.${paymentType}`)}>
        <Segmented
          options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentTypes.${p}`) }))}
          onChange={() => void form.validateFields(['payoutValue']).catch(() => undefined)}
          data-testid="rule-payment-type"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={14} md={8}>
          <Form.Item
            name="revenueValue"
            label={t('fields.revenue')}
            rules={[requiredRule(t), zodRule(paymentRuleUpdate.shape.revenueValue, t)]}
            validateTrigger={['onChange', 'onBlur']}
            extra={paymentType === 'percent' ? t('rules.revenueFallback') : undefined}
          >
            <Input inputMode="decimal" placeholder="0.00" data-testid="rule-revenue" />
          </Form.Item>
        </Col>
        <Col xs={10} md={4}>
          <Form.Item name="revenueCurrency" label={t('fields.currency')} rules={[requiredRule(t)]}>
            <CurrencyPicker labelRender={(o) => String(o.value)} popupMatchSelectWidth={false} data-testid="rule-revenue-currency" />
          </Form.Item>
        </Col>
        <Col xs={14} md={8}>
          <Form.Item
            name="payoutValue"
            label={paymentType === 'percent' ? t('rules.payoutPercent') : t('fields.payout')}
            dependencies={['paymentType']}
            rules={[requiredRule(t), zodRule(paymentRuleUpdate.shape.payoutValue, t), crossRule(form, 'payoutValue', t)]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input
              inputMode="decimal"
              placeholder="0.00"
              suffix={<span style={{ minWidth: 10 }}>{paymentType === 'percent' ? '%' : ''}</span>}
              data-testid="rule-payout"
            />
          </Form.Item>
        </Col>
        <Col xs={10} md={4}>
          {paymentType === 'percent' ? (
            <Form.Item label={t('fields.currency')} extra={t('rules.percentCurrency')}>
              <Input value={revenueCurrency} disabled />
            </Form.Item>
          ) : (
            <Form.Item name="payoutCurrency" label={t('fields.currency')} rules={[requiredRule(t)]}>
              <CurrencyPicker labelRender={(o) => String(o.value)} popupMatchSelectWidth={false} data-testid="rule-payout-currency" />
            </Form.Item>
          )}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Flex gap={12} align="flex-start">
            <Form.Item name="autoApprove" label={t('fields.autoApprove')} valuePropName="checked">
              <Switch data-testid="rule-auto-approve" />
            </Form.Item>
            <Form.Item
              name="autoApprovePeriod"
              label={t('rules.afterHours')}
              rules={autoApprove ? [requiredRule(t), zodRule(paymentRuleUpdate.shape.autoApprovePeriod, t)] : []}
              style={{ flex: 1 }}
            >
              <InputNumber
                min={AUTO_APPROVE_HOURS.min}
                max={AUTO_APPROVE_HOURS.max}
                precision={0}
                disabled={!autoApprove}
                suffix={t('rules.hoursSuffix')}
                style={{ width: '100%' }}
                data-testid="rule-auto-approve-hours"
              />
            </Form.Item>
          </Flex>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="isMultiConversion" label={t('fields.multiConversion')} valuePropName="checked" extra={t('rules.multiHint')}>
            <Switch data-testid="rule-multi" />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('fields.sieve')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 13 }}>
        {t('rules.sieveHint')}
      </Typography.Paragraph>
      <Form.Item name="sieve" rules={[sieveRule('paymentRules', t)]}>
        <SieveEditor owner="paymentRules" offerId={offer.id} errors={sieveErrors} />
      </Form.Item>
      <FormFailure messages={failure} />
    </FormDrawer>
  );
}
