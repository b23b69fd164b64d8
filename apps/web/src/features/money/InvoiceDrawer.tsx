/**
 * Creating an invoice (PUT /invoices): for an affiliate or an advertiser, by period (every approved conversion of
 * the days, in the user's zone, not yet invoiced) or by sum (the oldest approved conversions until their payouts
 * reach it), or an advertiser's advance (the amount alone). The currency is one of those active for invoices;
 * conversions in others are converted by the server at their time's rate. The affiliate's withdrawal method is one
 * of its own. Server errors land on their field.
 */
import { zPositiveAmount } from '@leadgrid/shared/money/ledger';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Form, Input, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../components/form';
import { DATE_PATTERN } from '../../components/format';
import { AdvertiserPicker } from '../../components/pickers/sellSide';
import { AffiliatePicker } from '../../components/pickers/people';
import { currenciesApi, currencyKeys } from '../../api/currencies';
import { useWithdrawalMethods } from '../../api/paymentMethods';
import { useCreateInvoices } from './api';
import { useMoneyT } from './i18n';
import { NotesFields } from './invoices/NotesFields';
import type { Invoice, InvoiceCreateItem, InvoiceType } from './types';
import { renameErrorFields } from './invoiceModel';

export type CreateMode = 'period' | 'sum' | 'advance';

interface FormValues {
  partyId?: number;
  period?: [Dayjs | null, Dayjs | null] | null;
  amount?: string;
  currency?: string;
  withdrawalMethodId?: number;
  notes?: string;
  privateNotes?: string;
}

const DAY = 'YYYY-MM-DD';
/** the API's field names that are named otherwise in this form */
const PARAM_FIELDS: Record<string, keyof FormValues> = {
  dateFrom: 'period',
  dateTo: 'period',
  advanceAmount: 'amount',
  affiliateId: 'partyId',
  advertiserId: 'partyId',
};

/** the body of PUT /invoices for the form's values */
export function createItem(type: InvoiceType, mode: CreateMode, v: FormValues): InvoiceCreateItem {
  const item: InvoiceCreateItem = type === 'affiliate' ? { affiliateId: v.partyId } : { advertiserId: v.partyId };
  const [from, to] = v.period ?? [];
  // days are read by the server in the asking user's zone
  if (mode !== 'advance' && (from || to)) Object.assign(item, { dateFrom: (from ?? to)?.format(DAY), dateTo: (to ?? from)?.format(DAY) });
  const amount = v.amount?.trim().replace(',', '.');
  if (mode === 'sum' && amount) item.amount = amount;
  if (mode === 'advance' && amount) item.advanceAmount = amount;
  if (v.currency) item.currency = v.currency;
  if (type === 'affiliate' && v.withdrawalMethodId) item.withdrawalMethodId = v.withdrawalMethodId;
  if (v.notes?.trim()) item.notes = v.notes.trim();
  if (v.privateNotes?.trim()) item.privateNotes = v.privateNotes.trim();
  return item;
}

function WithdrawalSelect({
  affiliateId,
  placeholder,
  ...rest
}: {
  affiliateId?: number;
  value?: number;
  onChange?: (v: number | undefined) => void;
  placeholder?: string;
}) {
  const methods = useWithdrawalMethods({ userId: affiliateId, status: 'active', limit: 100 }, Boolean(affiliateId));
  return (
    <Select<number>
      {...rest}
      allowClear
      placeholder={placeholder}
      disabled={!affiliateId}
      loading={methods.isFetching}
      options={(methods.data?.items ?? []).map((m) => ({
        value: m.id,
        label: `${m.title || m.paymentMethod.title}${m.isDefault ? ' ★' : ''}`,
      }))}
      data-testid="invoice-create-withdrawal"
    />
  );
}

export function InvoiceDrawer({
  open,
  type,
  partyId,
  onClose,
  onCreated,
}: {
  open: boolean;
  type: InvoiceType;
  /** the affiliate or advertiser the invoice is for, fixed (a balance page) */
  partyId?: number;
  onClose: () => void;
  onCreated?: (invoice: Invoice) => void;
}) {
  const { t } = useMoneyT();
  const [form] = Form.useForm<FormValues>();
  useRevalidateOnLanguageChange(form);
  const [mode, setMode] = useState<CreateMode>('period');
  const create = useCreateInvoices();
  const currencies = useQuery({
    queryKey: currencyKeys.forInvoice(),
    queryFn: ({ signal }) => currenciesApi.forInvoice(signal),
    enabled: open,
    staleTime: 60_000,
  });
  const chosenParty = Form.useWatch('partyId', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ partyId });
    setMode('period');
  }, [open, partyId, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the fields show what is wrong
    try {
      const answer = await create.mutateAsync([createItem(type, mode, values)]);
      // the server's answer names the invoice (toasted by the client)
      if (answer.items[0]) onCreated?.(answer.items[0]);
      onClose();
    } catch (err) {
      applyServerErrors(form, renameErrorFields(err, PARAM_FIELDS));
    }
  };

  const modes: { value: CreateMode; label: string }[] = [
    { value: 'period', label: t('create.byPeriod') },
    { value: 'sum', label: t('create.bySum') },
    ...(type === 'advertiser' ? [{ value: 'advance' as const, label: t('create.advance') }] : []),
  ];

  return (
    <Drawer
      open={open}
      title={t(type === 'affiliate' ? 'create.affiliateTitle' : 'create.advertiserTitle')}
      onClose={onClose}
      size={520}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => void submit()} data-testid="invoice-create-submit">
            {t('create.submit')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="invoice-create-form">
        <Form.Item name="partyId" label={t(type === 'affiliate' ? 'common.affiliate' : 'common.advertiser')} rules={[requiredRule(t)]}>
          {type === 'affiliate' ? (
            <AffiliatePicker multiple={false} disabled={Boolean(partyId)} data-testid="invoice-create-party" />
          ) : (
            <AdvertiserPicker disabled={Boolean(partyId)} data-testid="invoice-create-party" />
          )}
        </Form.Item>
        <Form.Item
          label={t('create.mode')}
          required
          extra={t(mode === 'period' ? 'create.byPeriodHint' : mode === 'sum' ? 'create.bySumHint' : 'create.advanceHint')}
        >
          <Segmented<CreateMode>
            block
            value={mode}
            onChange={(v) => (
              setMode(v),
              form.setFields([
                { name: 'amount', errors: [] },
                { name: 'period', errors: [] },
              ])
            )}
            options={modes}
            data-testid="invoice-create-mode"
          />
        </Form.Item>
        {mode !== 'advance' ? (
          <Form.Item name="period" label={t('create.period')} rules={mode === 'period' ? [requiredRule(t)] : []}>
            <DatePicker.RangePicker
              format={DATE_PATTERN}
              style={{ width: '100%' }}
              allowEmpty={[false, true]}
              data-testid="invoice-create-period"
            />
          </Form.Item>
        ) : null}
        {mode !== 'period' ? (
          <Form.Item
            name="amount"
            label={t(mode === 'sum' ? 'create.sum' : 'create.advanceAmount')}
            rules={[requiredRule(t), zodRule(zPositiveAmount(), t)]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input inputMode="decimal" data-testid="invoice-create-amount" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="currency"
          label={t('create.currency')}
          extra={t('create.currencyHint')}
          rules={mode === 'advance' ? [requiredRule(t)] : []}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('create.currencyDefault')}
            loading={currencies.isLoading}
            options={(currencies.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
            data-testid="invoice-create-currency"
          />
        </Form.Item>
        {type === 'affiliate' ? (
          <Form.Item name="withdrawalMethodId" label={t('create.withdrawalMethod')} extra={t('create.withdrawalHint')}>
            <WithdrawalSelect
              affiliateId={chosenParty}
              placeholder={t(chosenParty ? 'create.withdrawalDefault' : 'create.withdrawalFirst')}
            />
          </Form.Item>
        ) : null}
        <NotesFields />
      </Form>
    </Drawer>
  );
}
