/**
 * The affiliate's withdrawal request (PUT /invoices for itself): an amount between the minimum payout and its
 * approved balance (base currency), to one of its own active withdrawal methods (the default one preselected). The
 * server takes the oldest approved conversions up to the amount, as "by sum" does, without passing the balance.
 */
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { formatMoney } from '../../../components/format';
import { useWithdrawalMethods } from '../../../api/paymentMethods';
import { useRequestWithdrawal } from '../api';
import { useMoneyT } from '../i18n';
import { zPositiveAmount } from '@leadgrid/shared/money/ledger';
import { maxAmountRule, minAmountRule } from '../invoiceModel';
import type { Invoice, WithdrawalRequestItem } from '../types';

interface Values {
  amount?: string;
  withdrawalMethodId?: number;
}

export const withdrawalItem = (currency: string, v: Values): WithdrawalRequestItem => ({
  currency,
  amount: v.amount!.trim().replace(',', '.'),
  withdrawalMethodId: v.withdrawalMethodId!,
});

export function WithdrawalModal({
  open,
  approved,
  min,
  currency,
  onClose,
  onDone,
}: {
  open: boolean;
  /** the approved balance, the most that can be requested */
  approved: string;
  min: string;
  currency: string;
  onClose: () => void;
  onDone?: (invoice: Invoice) => void;
}) {
  const { t } = useMoneyT();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const methods = useWithdrawalMethods({ status: 'active', limit: 100 }, open);
  const create = useRequestWithdrawal();
  const options = (methods.data?.items ?? []).map((m) => ({
    value: m.id,
    label: `${m.title || m.paymentMethod.title}${m.isDefault ? ' ★' : ''}`,
    isDefault: m.isDefault,
  }));
  const defaultId = options.find((o) => o.isDefault)?.value ?? options[0]?.value;

  useEffect(() => {
    if (open && defaultId && !form.getFieldValue('withdrawalMethodId')) form.setFieldsValue({ withdrawalMethodId: defaultId });
  }, [open, defaultId, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the fields show what is wrong
    try {
      const answer = await create.mutateAsync(withdrawalItem(currency, v));
      if (answer.items[0]) onDone?.(answer.items[0]);
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  const noMethod = methods.isSuccess && options.length === 0;
  return (
    <Modal
      open={open}
      title={t('billing.requestTitle')}
      okText={t('billing.requestSubmit')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ disabled: noMethod, ...({ 'data-testid': 'withdrawal-submit' } as Record<string, string>) }}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('billing.requestHint', { min: formatMoney(min, currency), max: formatMoney(approved, currency) })}
      />
      {noMethod ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('billing.requestNoMethod')}
          action={
            <Link to="/settings/payment-methods/active">
              <Button size="small">{t('billing.requestAddMethod')}</Button>
            </Link>
          }
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        preserve={false}
        initialValues={{ amount: approved, withdrawalMethodId: defaultId }}
        data-testid="withdrawal-form"
      >
        <Form.Item
          name="amount"
          label={`${t('billing.requestAmount')}, ${currency}`}
          rules={[
            requiredRule(t),
            zodRule(zPositiveAmount(), t),
            minAmountRule(min, t('billing.requestTooLow', { min: formatMoney(min, currency) })),
            maxAmountRule(approved, t('billing.requestTooHigh', { max: formatMoney(approved, currency) })),
          ]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input inputMode="decimal" suffix={currency} data-testid="withdrawal-amount" />
        </Form.Item>
        <Form.Item name="withdrawalMethodId" label={t('billing.requestMethod')} rules={[requiredRule(t)]}>
          <Select loading={methods.isLoading} options={options} data-testid="withdrawal-method" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
