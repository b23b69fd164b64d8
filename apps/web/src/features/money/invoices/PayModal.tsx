/** The dialog that marks unpaid invoices paid: payment date, transaction reference and, for one invoice, the amount paid. */
import { toDecimal } from '@leadgrid/shared/money/decimal';
import { INVOICE_REFERENCE_MAX } from '@leadgrid/shared/money/invoices';
import { zPositiveAmount } from '@leadgrid/shared/money/ledger';
import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSession } from '../../../app/session';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { DATE_PATTERN, formatMoney } from '../../../components/format';
import { useChangeInvoiceStatus } from '../api';
import { useMoneyT } from '../i18n';
import type { Invoice } from '../types';
import { dayToSeconds, dueOf, maxAmountRule, unpaidOf } from '../invoiceModel';

interface PayValues {
  paidAt: Dayjs;
  reference?: string;
  amount?: string;
}

/** the mark-paid form for the unpaid ones of `invoices`; `onDone` after the server took it */
export function PayModal({ invoices, onClose, onDone }: { invoices: Invoice[] | null; onClose: () => void; onDone?: () => void }) {
  const { t } = useMoneyT();
  const { timezone } = useSession();
  const [form] = Form.useForm<PayValues>();
  const change = useChangeInvoiceStatus();
  const targets = unpaidOf(invoices ?? []);
  const single = targets.length === 1 ? targets[0] : null;
  const due = single ? dueOf(single) : null;

  const submit = async (values: PayValues) => {
    const paidAt = dayToSeconds(values.paidAt, timezone);
    const reference = values.reference?.trim() || undefined;
    const partial =
      single && values.amount && due && !toDecimal(values.amount.replace(',', '.')).eq(toDecimal(due))
        ? values.amount.replace(',', '.')
        : undefined;
    try {
      await change.mutateAsync(
        targets.map((inv) => ({ id: inv.id, status: 'paid' as const, paidAt, reference, ...(partial ? { amount: partial } : {}) })),
      );
      onDone?.();
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <Modal
      open={Boolean(invoices)}
      title={single ? t('pay.title', { count: 1, title: single.title }) : t('pay.title', { count: targets.length })}
      okText={t('pay.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      okButtonProps={{ disabled: !targets.length, ...({ 'data-testid': 'invoice-pay-submit' } as Record<string, string>) }}
      destroyOnHidden
    >
      {invoices && targets.length < invoices.length ? (
        <Typography.Paragraph type="secondary">{t('invoices.skipped', { count: invoices.length - targets.length })}</Typography.Paragraph>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        requiredMark="optional"
        preserve={false}
        initialValues={{ paidAt: dayjs().tz(timezone), reference: '', amount: due ?? undefined }}
      >
        <Form.Item name="paidAt" label={t('pay.paidAt')} rules={[requiredRule(t)]}>
          <DatePicker format={DATE_PATTERN} style={{ width: '100%' }} allowClear={false} data-testid="invoice-pay-date" />
        </Form.Item>
        <Form.Item
          name="reference"
          label={t('pay.reference')}
          extra={t('pay.referenceHint')}
          rules={[{ max: INVOICE_REFERENCE_MAX, message: t('validation.maxlength') }]}
        >
          <Input maxLength={INVOICE_REFERENCE_MAX} data-testid="invoice-pay-reference" />
        </Form.Item>
        {single && due ? (
          <Form.Item
            name="amount"
            label={`${t('pay.amount')}, ${single.currency}`}
            extra={t('pay.amountHint')}
            rules={[
              requiredRule(t),
              zodRule(zPositiveAmount(), t),
              maxAmountRule(due, t('pay.amountMax', { amount: formatMoney(due, single.currency) })),
            ]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input
              inputMode="decimal"
              suffix={single.currency}
              placeholder={formatMoney(due, single.currency)}
              data-testid="invoice-pay-amount"
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
