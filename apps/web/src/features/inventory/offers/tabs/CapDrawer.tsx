/**
 * Create (PUT /caps) or edit (PATCH /caps) one cap of the offer: type (limit or funnel), what it counts (leads or
 * conversions, or money in a currency), the value, the funnel's guarantee, the informational value shown to
 * affiliates, the period in its time zone, the action once a limit is reached, goal, payment model, weight, low
 * priority, status and sieve. Decimals stay strings. Rules are the shared schema's (capRuleErrors) plus a currency for
 * a money cap; the server's errors land on their field.
 */
import { CAP_WEIGHT, capUpdate, type Cap } from '@leadgrid/shared/inventory/caps';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { CAP_ACTIONS, CAP_PERIODS, CAP_PROCESSING_TYPES, CAP_TYPES } from '@leadgrid/shared/inventory/sieves';
import { Col, Divider, Form, Input, InputNumber, Row, Segmented, Select, Switch, Typography } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useAllCurrencies, useTimezones } from '../../../../api/reference';
import { useSession } from '../../../../app/session';
import { messageText, requiredRule, zodRule } from '../../../../components/form';
import { SieveEditor, sieveRule, type SieveErrors } from '../../../../components/sieve';
import { CurrencyPicker } from '../../../../components/pickers/sellSide';
import { useCapWrites, usePaymentModelsForCap, useVerticalGoals } from './api';
import { capCreateItem, capFormErrors, capUpdateItem, capValuesOf, type CapField, type CapValues } from './capForm';
import { applyItemErrors, FormFailure, useTabsT } from '../../formParts';
import { FormDrawer, useFormDrawer } from '../../../../components/drawer/EntityDrawer';

/** A rule reading the cross-field problems of the whole form for one field. */
const crossRule = (form: FormInstance<CapValues>, field: CapField, t: TFunction): Rule => ({
  validator: async () => {
    const problem = capFormErrors(form.getFieldsValue(true) as CapValues)[field];
    if (problem) throw new Error(messageText(t, problem));
  },
});

/** The time zones by name with their offset; a stored zone the list lacks stays offered. */
export function TimezoneSelect({ value, onChange, ...rest }: { value?: string; onChange?: (v: string) => void; 'data-testid'?: string }) {
  const zones = useTimezones();
  const options = useMemo(() => {
    const list = (zones.data ?? []).map((z) => ({ value: z.name, label: z.title }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: value });
    return list;
  }, [zones.data, value]);
  return (
    <Select<string>
      {...rest}
      value={value}
      onChange={(v) => onChange?.(v)}
      options={options}
      loading={zones.isFetching}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

export function CapDrawer({ open, offer, cap, onClose }: { open: boolean; offer: Offer; cap: Cap | null; onClose: () => void }) {
  const { t } = useTabsT();
  const { timezone } = useSession();
  const [sieveErrors, setSieveErrors] = useState<SieveErrors>({});
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<CapValues>({
    open,
    deps: [cap, timezone],
    values: () => capValuesOf(cap, { timezone }),
    onOpen: () => setSieveErrors({}),
  });
  const writes = useCapWrites(offer.id);
  const saving = writes.create.isPending || writes.update.isPending;
  const goals = useVerticalGoals(offer.vertical.id);
  const models = usePaymentModelsForCap(offer.id);
  const currencies = useAllCurrencies();
  const baseCurrency = currencies.data?.find((c) => c.isBase)?.code;
  const type = Form.useWatch('type', form) ?? 'limit';
  const measure = Form.useWatch('measure', form) ?? 'count';

  // a new cap counts money in the base currency unless another is chosen (the look-up may arrive later)
  useEffect(() => {
    if (open && !cap && baseCurrency && !form.getFieldValue('currency')) form.setFieldValue('currency', baseCurrency);
  }, [open, cap, baseCurrency, form]);

  const submit = async (v: CapValues) => {
    setFailure([]);
    setSieveErrors({});
    try {
      if (cap) await writes.update.mutateAsync([capUpdateItem(cap, v)]);
      else await writes.create.mutateAsync([capCreateItem(offer.id, v)]);
      onClose();
    } catch (err) {
      const { rest, sieve } = applyItemErrors(form, err);
      setSieveErrors(sieve);
      setFailure(rest);
    }
  };

  const goalOptions = [...(goals.data ?? [])];
  if (cap?.goal && !goalOptions.some((g) => g.id === cap.goal!.id)) goalOptions.unshift(cap.goal);
  const modelOptions = (models.data ?? []).map((m) => ({ value: m.id, label: m.title }));
  if (cap?.paymentModel && !modelOptions.some((m) => m.value === cap.paymentModel!.id))
    modelOptions.unshift({ value: cap.paymentModel.id, label: cap.paymentModel.title });

  return (
    <FormDrawer<CapValues>
      open={open}
      onClose={onClose}
      size={760}
      title={cap ? t('caps.editTitle', { title: cap.title || `#${cap.id}` }) : t('caps.createTitle')}
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(cap) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={cap ? t('actions.save') : t('caps.create')}
      saveTestId="cap-save"
      formTestId="cap-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name="title" label={t('fields.title')} extra={t('caps.titleHint')} rules={[zodRule(capUpdate.shape.title, t)]}>
            <Input maxLength={200} placeholder={t('caps.titlePlaceholder')} data-testid="cap-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="status" label={t('fields.status')}>
            <Segmented block options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="type" label={t('fields.capType')} extra={t(`caps.typeHints.${type}`)}>
            <Segmented
              block
              options={CAP_TYPES.map((x) => ({ value: x, label: t(`capTypes.${x}`) }))}
              onChange={() => void form.validateFields(['guarantee', 'value']).catch(() => undefined)}
              data-testid="cap-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="measure" label={t('fields.measure')} extra={t(`caps.measureHints.${measure}`)}>
            <Segmented
              block
              options={(['count', 'money'] as const).map((x) => ({ value: x, label: t(`measures.${x}`) }))}
              data-testid="cap-measure"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="value"
            label={measure === 'money' ? t('caps.valueMoney') : t('caps.valueCount')}
            rules={[requiredRule(t), zodRule(capUpdate.shape.value, t), crossRule(form, 'value', t)]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input inputMode="decimal" placeholder="100" data-testid="cap-value" />
          </Form.Item>
        </Col>
        {measure === 'money' ? (
          <Col xs={24} md={8}>
            <Form.Item name="currency" label={t('fields.currency')} rules={[crossRule(form, 'currency', t)]} dependencies={['measure']}>
              <CurrencyPicker data-testid="cap-currency" />
            </Form.Item>
          </Col>
        ) : null}
        {type === 'funnel' ? (
          <Col xs={24} md={8}>
            <Form.Item
              name="guarantee"
              label={t('fields.guarantee')}
              extra={t('caps.guaranteeHint')}
              dependencies={['value', 'type']}
              rules={[zodRule(capUpdate.shape.guarantee, t), crossRule(form, 'guarantee', t)]}
              validateTrigger={['onChange', 'onBlur']}
            >
              <Input inputMode="decimal" placeholder="0" data-testid="cap-guarantee" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={8}>
          <Form.Item
            name="informationalValue"
            label={t('fields.informationalValue')}
            extra={t('caps.informationalHint')}
            rules={[zodRule(capUpdate.shape.informationalValue, t)]}
          >
            <Input inputMode="decimal" placeholder={t('caps.informationalPlaceholder')} data-testid="cap-informational" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="period" label={t('fields.period')}>
            <Select options={CAP_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))} data-testid="cap-period" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="timezone" label={t('fields.timezone')} rules={[requiredRule(t)]} extra={t('caps.timezoneHint')}>
            <TimezoneSelect data-testid="cap-timezone" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="processingType" label={t('fields.processingType')}>
            <Select
              options={CAP_PROCESSING_TYPES.map((p) => ({ value: p, label: t(`processingTypes.${p}`) }))}
              data-testid="cap-processing"
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
              data-testid="cap-goal"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="paymentModelId" label={t('fields.paymentModel')}>
            <Select
              allowClear
              placeholder={t('caps.anyModel')}
              loading={models.isFetching}
              options={modelOptions}
              data-testid="cap-model"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {type === 'limit' ? (
          <Col xs={24} md={8}>
            <Form.Item name="action" label={t('fields.action')} extra={t('caps.actionHint')}>
              <Select options={CAP_ACTIONS.map((a) => ({ value: a, label: t(`actionsList.${a}`) }))} data-testid="cap-action" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={12} md={8}>
          <Form.Item
            name="weight"
            label={t('fields.weight')}
            rules={[requiredRule(t), zodRule(capUpdate.shape.weight, t)]}
            extra={t('caps.weightHint')}
          >
            <InputNumber min={CAP_WEIGHT.min} max={CAP_WEIGHT.max} precision={0} style={{ width: '100%' }} data-testid="cap-weight" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="lowPriority" label={t('fields.lowPriority')} valuePropName="checked" extra={t('caps.lowPriorityHint')}>
            <Switch data-testid="cap-low-priority" />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('fields.sieve')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 13 }}>
        {t('caps.sieveHint')}
      </Typography.Paragraph>
      <Form.Item name="sieve" rules={[sieveRule('caps', t)]}>
        <SieveEditor owner="caps" offerId={offer.id} errors={sieveErrors} />
      </Form.Item>
      <FormFailure messages={failure} />
    </FormDrawer>
  );
}
