/**
 * What staff do with unpaid invoices, one or many: mark them paid (payment date, transaction reference and, for one
 * invoice, the amount paid — less than due is a partial payment), decline them (their conversions become free), and
 * export the selected unpaid affiliate invoices as the payout CSV. Invoices that are not unpaid are left out and said so.
 */
import { App, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../api/notify';
import { saveBlob } from '../../../components/export/ExportButton';
import { moneyApi, useChangeInvoiceStatus } from '../api';
import { useMoneyT } from '../i18n';
import type { Invoice } from '../types';
import { unpaidOf } from '../invoiceModel';

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
