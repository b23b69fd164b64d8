/**
 * The edit drawer of one conversion (staff with conversion.update; PATCH /conversions): payout and revenue in the
 * conversion's own currencies (the server recomputes the base amounts at the rates of the conversion's time), goal of
 * the offer's vertical, public notes, hidden, and a status by the same rule as the list actions (without a postback).
 * Only changed fields are sent; the server's field errors land on their fields. It also shows the conversion's
 * attributes (what the advertiser's postbacks sent beyond the named parameters) — staff only, as the server serves them.
 */
import {
  conversionEditItem,
  conversionTransitionAllowed,
  type ConversionEditItem,
  type ConversionView,
} from '@leadgrid/shared/engine/conversions';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Select, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import { applyServerErrors, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { EMPTY_VALUE, formatDateTime, formatMoney } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { invoicePath } from '../../../components/entityPaths';
import { useConversion, useConversionWrites } from './api';
import { useConversionsT } from './i18n';
import { statusName } from './model';

interface Values {
  payout: string;
  revenue: string;
  goalId: number | null;
  publicNotes: string;
  isHidden: boolean;
  status: number;
}

const valuesOf = (c: ConversionView): Values => ({
  payout: c.payout,
  revenue: c.revenue ?? '0',
  goalId: c.goalId,
  publicNotes: c.publicNotes ?? '',
  isHidden: c.isHidden ?? false,
  status: c.status,
});

/** the fields that differ from the conversion, as PATCH takes them */
export function changedFields(c: ConversionView, v: Values): ConversionEditItem {
  const before = valuesOf(c);
  const item: ConversionEditItem = { id: c.id };
  if (v.payout.trim() !== before.payout) item.payout = v.payout.trim();
  if (v.revenue.trim() !== before.revenue) item.revenue = v.revenue.trim();
  if ((v.goalId ?? null) !== before.goalId) item.goalId = v.goalId ?? null;
  if (v.publicNotes.trim() !== before.publicNotes) item.publicNotes = v.publicNotes.trim() || null;
  if (v.isHidden !== before.isHidden) item.isHidden = v.isHidden;
  if (v.status !== before.status) item.status = v.status;
  return item;
}

/** the invoices the conversion is or was in (a declined one freed it), each linked to its page */
function ConversionInvoices({ invoices }: { invoices: NonNullable<ConversionView['invoices']> }) {
  const { t } = useConversionsT();
  if (!invoices.length) return <Typography.Text type="secondary">{t('edit.noInvoices')}</Typography.Text>;
  return (
    <Flex vertical gap={4} data-testid="conversion-invoices">
      {invoices.map((invoice) => (
        <Flex key={invoice.id} gap={8} align="center">
          <Link to={invoicePath(invoice)} onClick={(e) => e.stopPropagation()}>
            {invoice.title}
          </Link>
          <StatusTag status={invoice.status} />
        </Flex>
      ))}
    </Flex>
  );
}

/** what the advertiser's postbacks sent beyond the named parameters (product §3 Conversion attributes), by name */
function ConversionAttributes({ attributes }: { attributes: Record<string, unknown> }) {
  const { t } = useConversionsT();
  const entries = Object.entries(attributes);
  if (!entries.length) return <Typography.Text type="secondary">{t('edit.noAttributes')}</Typography.Text>;
  return (
    <Flex vertical gap={2} data-testid="conversion-attributes">
      {entries.map(([name, value]) => (
        <Typography.Text key={name}>
          <Typography.Text type="secondary">{name}:</Typography.Text> <Typography.Text copyable>{String(value)}</Typography.Text>
        </Typography.Text>
      ))}
    </Flex>
  );
}

export function ConversionDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useConversionsT();
  const { timezone } = useSession();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const conversion = useConversion(id);
  const { edit } = useConversionWrites();
  const [rest, setRest] = useState<string[]>([]);
  const c = conversion.data;

  useEffect(() => {
    setRest([]);
    if (c) form.setFieldsValue(valuesOf(c));
  }, [c, form]);

  const submit = async (v: Values) => {
    if (!c) return;
    const item = changedFields(c, v);
    if (Object.keys(item).length === 1) return onClose();
    try {
      await edit.mutateAsync([item]);
      onClose();
    } catch (err) {
      setRest(applyServerErrors(form, err));
    }
  };

  const statuses = c ? [c.status, ...[2, 3, 4].filter((s) => conversionTransitionAllowed(c.status, s))] : [];

  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size={520}
      title={t('edit.title', { id })}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('edit.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()} loading={edit.isPending} disabled={!c} data-testid="conversion-save">
            {t('edit.save')}
          </Button>
        </Flex>
      }
    >
      {conversion.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : !c ? (
        <Alert type="error" showIcon title={conversion.error ? t('edit.notFound') : t('edit.loadFailed')} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'status', label: t('columns.status'), children: <StatusTag status={statusName(c.status)} /> },
              { key: 'createdAt', label: t('columns.createdAt'), children: formatDateTime(c.createdAt, timezone) },
              { key: 'offer', label: t('columns.offer'), children: c.offer?.title ?? `#${c.offerId}` },
              { key: 'advertiser', label: t('columns.advertiser'), children: c.advertiser?.title ?? EMPTY_VALUE },
              { key: 'eventId', label: t('edit.eventId'), children: c.eventId ?? EMPTY_VALUE },
              {
                key: 'original',
                label: t('edit.originalRevenue'),
                children: c.originalRevenue ? formatMoney(c.originalRevenue, c.currency) : EMPTY_VALUE,
              },
              {
                key: 'autoApproveAt',
                label: t('edit.autoApproveAt'),
                children: c.autoApproveAt ? formatDateTime(c.autoApproveAt, timezone) : EMPTY_VALUE,
              },
              {
                key: 'statusChangedAt',
                label: t('edit.statusChangedAt'),
                children: c.statusChangedAt ? formatDateTime(c.statusChangedAt, timezone) : EMPTY_VALUE,
              },
              { key: 'invoices', label: t('edit.invoices'), children: <ConversionInvoices invoices={c.invoices ?? []} /> },
              { key: 'attributes', label: t('edit.attributes'), children: <ConversionAttributes attributes={c.attributes ?? {}} /> },
            ]}
          />
          {rest.length ? <Alert type="error" showIcon title={rest.join(' ')} /> : null}
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => void submit({ ...form.getFieldsValue(true), ...v })}
            data-testid="conversion-form"
          >
            <Flex gap={16}>
              <Form.Item
                name="payout"
                label={t('edit.payout', { currency: c.payoutCurrency })}
                rules={[zodRule(conversionEditItem.shape.payout, t)]}
                style={{ flex: 1 }}
              >
                <Input inputMode="decimal" data-testid="conversion-payout" />
              </Form.Item>
              <Form.Item
                name="revenue"
                label={t('edit.revenue', { currency: c.revenueCurrency })}
                rules={[zodRule(conversionEditItem.shape.revenue, t)]}
                style={{ flex: 1 }}
              >
                <Input inputMode="decimal" data-testid="conversion-revenue" />
              </Form.Item>
            </Flex>
            <Typography.Paragraph type="secondary" style={{ marginTop: -8, fontSize: 12 }}>
              {t('edit.baseNote', { currency: c.baseCurrency })}
            </Typography.Paragraph>
            <Form.Item name="goalId" label={t('edit.goal')}>
              <Select
                allowClear
                placeholder={t('edit.noGoal')}
                options={(c.goals ?? []).map((g) => ({ value: g.id, label: g.title }))}
                onClear={() => form.setFieldValue('goalId', null)}
                data-testid="conversion-goal"
              />
            </Form.Item>
            <Form.Item name="status" label={t('edit.status')} extra={t('edit.statusHint')}>
              <Select
                options={statuses.map((s) => ({ value: s, label: <StatusTag status={statusName(s)} /> }))}
                data-testid="conversion-status"
              />
            </Form.Item>
            <Form.Item
              name="publicNotes"
              label={t('edit.publicNotes')}
              extra={t('edit.publicNotesHint')}
              rules={[zodRule(conversionEditItem.shape.publicNotes, t)]}
            >
              <Input.TextArea rows={3} maxLength={2000} data-testid="conversion-notes" />
            </Form.Item>
            <Form.Item name="isHidden" label={t('edit.isHidden')} valuePropName="checked" style={{ marginBottom: 0 }}>
              <Switch data-testid="conversion-hidden" />
            </Form.Item>
          </Form>
        </Flex>
      )}
    </Drawer>
  );
}
