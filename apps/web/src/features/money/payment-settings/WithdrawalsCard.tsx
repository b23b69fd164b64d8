/**
 * Payment settings, withdrawals and automatic invoices (issue 17, docs/decisions/money.md): whether an affiliate may
 * request a second withdrawal while one is unpaid, and automatic affiliate invoices — off, weekly (Monday to Sunday)
 * or monthly, in each affiliate's own zone and currency — for every affiliate or only the chosen ones.
 */
import { paymentSettingsUpdate, type AutoInvoicePeriod, type PaymentSettings } from '@leadgrid/shared/money/payments';
import { Button, Card, Divider, Flex, Form, Radio, Segmented, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, zodRule } from '../../../components/form';
import { AffiliatePicker } from '../../../components/pickers/people';
import { useUpdatePaymentSettings } from './api';
import { NS } from './i18n';

interface Values {
  allowSecondWithdrawal: boolean;
  autoInvoicePeriod: AutoInvoicePeriod;
  scope: 'all' | 'chosen';
  affiliateIds: number[];
}

export const valuesOf = (s: PaymentSettings): Values => ({
  allowSecondWithdrawal: s.allowSecondWithdrawal,
  autoInvoicePeriod: s.autoInvoicePeriod,
  scope: s.autoInvoiceAffiliateIds ? 'chosen' : 'all',
  affiliateIds: s.autoInvoiceAffiliateIds ?? [],
});

/** the settings PATCH of the form's values: null affiliate ids mean every affiliate */
export const patchOf = (v: Values) => ({
  allowSecondWithdrawal: v.allowSecondWithdrawal,
  autoInvoicePeriod: v.autoInvoicePeriod,
  autoInvoiceAffiliateIds: v.scope === 'all' ? null : v.affiliateIds,
});

export function WithdrawalsCard({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useUpdatePaymentSettings();
  const [dirty, setDirty] = useState(false);
  const initial = useMemo(() => valuesOf(settings), [settings]);
  const period = Form.useWatch('autoInvoicePeriod', form) ?? initial.autoInvoicePeriod;
  const scope = Form.useWatch('scope', form) ?? initial.scope;
  useEffect(() => {
    if (!dirty) form.setFieldsValue(initial);
  }, [initial, dirty, form]);

  const submit = async (v: Values) => {
    try {
      await save.mutateAsync(patchOf(v));
      setDirty(false);
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  return (
    <Card variant="borderless" title={t('withdrawals.title')} data-testid="withdrawals-card">
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
        onFinish={(v) => void submit(v)}
        data-testid="withdrawals-form"
      >
        <Flex justify="space-between" align="center" gap={16}>
          <div>
            <Typography.Text strong>{t('withdrawals.second')}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0', fontSize: 13 }}>
              {t('withdrawals.secondHint')}
            </Typography.Paragraph>
          </div>
          <Form.Item name="allowSecondWithdrawal" valuePropName="checked" noStyle>
            <Switch aria-label={t('withdrawals.second')} data-testid="allow-second-withdrawal" />
          </Form.Item>
        </Flex>
        <Divider style={{ margin: '20px 0' }} />
        <Form.Item name="autoInvoicePeriod" label={t('withdrawals.auto')} extra={t(`withdrawals.autoHint.${period}`)}>
          <Segmented<AutoInvoicePeriod>
            options={(['off', 'weekly', 'monthly'] as const).map((p) => ({ value: p, label: t(`withdrawals.periods.${p}`) }))}
            data-testid="auto-invoice-period"
          />
        </Form.Item>
        {period !== 'off' ? (
          <>
            <Form.Item name="scope" label={t('withdrawals.for')}>
              <Radio.Group
                options={[
                  { value: 'all', label: t('withdrawals.forAll') },
                  { value: 'chosen', label: t('withdrawals.forChosen') },
                ]}
                data-testid="auto-invoice-scope"
              />
            </Form.Item>
            {scope === 'chosen' ? (
              <Form.Item
                name="affiliateIds"
                label={t('withdrawals.affiliates')}
                rules={[
                  { type: 'array', min: 1, message: t('withdrawals.chooseOne') },
                  zodRule(paymentSettingsUpdate.shape.autoInvoiceAffiliateIds.unwrap().unwrap(), tc),
                ]}
              >
                <AffiliatePicker multiple placeholder={t('withdrawals.affiliatesPlaceholder')} data-testid="auto-invoice-affiliates" />
              </Form.Item>
            ) : null}
          </>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty} data-testid="withdrawals-save">
          {t('invoice.save')}
        </Button>
      </Form>
    </Card>
  );
}
