/**
 * What staff do with unpaid invoices, one or many: mark them paid (payment date, transaction reference and, for one
 * invoice, the amount paid — less than due is a partial payment), decline them (their conversions become free), and
 * export the selected unpaid affiliate invoices as the payout CSV. Invoices that are not unpaid are left out and said so.
 */
import { toDecimal } from '@leadgrid/shared/money';
import { INVOICE_REFERENCE_MAX } from '@leadgrid/shared/money/invoices';
import { zPositiveAmount } from '@leadgrid/shared/money/ledger';
import { App, DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../api/notify';
import { useSession } from '../../../app/session';
import { saveBlob } from '../../../components/export/ExportButton';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { DATE_PATTERN, formatMoney } from '../../../components/format';
import { moneyApi, useChangeInvoiceStatus } from '../api';
import { useMoneyT } from '../i18n';
import type { Invoice } from '../types';
import { dayToSeconds, dueOf, maxAmountRule, unpaidOf } from './model';

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

/** decline (after a confirmation) and the payout CSV */
export function useInvoiceActions() {
  const { t } = useMoneyT();
  const { modal, message } = App.useApp();
  const change = useChangeInvoiceStatus();
  const [exporting, setExporting] = useState(false);

  const decline = (invoices: Invoice[], onDone?: () => void) => {
    const targets = unpaidOf(invoices);
    if (!targets.length) return void message.warning(t('invoices.notEligible'));
    const skipped = invoices.length - targets.length;
    modal.confirm({
      title: t('invoices.declineTitle', { count: targets.length, title: targets[0].title }),
      content: (
        <>
          <Typography.Paragraph style={{ marginBottom: skipped ? 8 : 0 }}>{t('invoices.declineText')}</Typography.Paragraph>
          {skipped ? <Typography.Text type="secondary">{t('invoices.skipped', { count: skipped })}</Typography.Text> : null}
        </>
      ),
      okText: t('invoices.decline'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'invoice-decline-confirm' } as Record<string, string>) },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await change.mutateAsync(targets.map((inv) => ({ id: inv.id, status: 'declined' as const })));
          onDone?.();
        } catch {
          // the refusal is toasted by the client
        }
      },
    });
  };

  const exportCsv = async (invoices: Invoice[]) => {
    const targets = unpaidOf(invoices).filter((inv) => inv.type === 'affiliate');
    if (!targets.length) return void message.warning(t('invoices.csvNone'));
    setExporting(true);
    try {
      const file = `payouts-${dayjs().format('YYYY-MM-DD')}.csv`;
      saveBlob(await moneyApi.payoutCsv(targets.map((inv) => inv.id)), file);
      notify.success(t('invoices.csvDone', { file }));
    } catch {
      // toasted by the client
    } finally {
      setExporting(false);
    }
  };

  return { decline, exportCsv, busy: change.isPending || exporting };
}
