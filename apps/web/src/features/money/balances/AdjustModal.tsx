/**
 * A manual adjustment of a balance (POST /balances/adjustments): a signed amount in one currency added to the
 * approved figure as a new ledger entry, with a mandatory reason (kept in the entry and the audit log).
 */
import { zReason } from '@leadgrid/shared/validation';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useAllCurrencies } from '../../../api/currencies';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { useAdjustBalance } from '../api';
import { useMoneyT } from '../i18n';
import { zSignedAmount } from '@leadgrid/shared/money/ledger';
import type { AdjustmentCreateItem, Party } from '../types';

interface Values {
  currency?: string;
  amount?: string;
  reason?: string;
}

export function adjustmentItem(party: Party, id: number, v: Values): AdjustmentCreateItem {
  return {
    ...(party === 'affiliate' ? { affiliateId: id } : { advertiserId: id }),
    currency: v.currency!,
    amount: v.amount!.trim().replace(',', '.'),
    reason: v.reason!.trim(),
  };
}

export function AdjustModal({
  party,
  id,
  currency,
  open,
  onClose,
}: {
  party: Party;
  id: number;
  currency?: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useMoneyT();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const currencies = useAllCurrencies();
  const adjust = useAdjustBalance();

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the fields show what is wrong
    try {
      await adjust.mutateAsync([adjustmentItem(party, id, v)]);
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  return (
    <Modal
      open={open}
      title={t('balances.adjustTitle')}
      okText={t('balances.adjustSave')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={adjust.isPending}
      okButtonProps={{ ...({ 'data-testid': 'adjust-submit' } as Record<string, string>) }}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('balances.adjustHint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        preserve={false}
        initialValues={{ currency, amount: '', reason: '' }}
        data-testid="adjust-form"
      >
        <Form.Item name="currency" label={t('common.currency')} rules={[requiredRule(t)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={currencies.isLoading}
            options={(currencies.data ?? [])
              .filter((c) => c.status === 'active')
              .map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
            data-testid="adjust-currency"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('balances.adjustAmount')}
          rules={[requiredRule(t), zodRule(zSignedAmount(), t)]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input inputMode="decimal" placeholder="-10.00" data-testid="adjust-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('balances.adjustReason')}
          extra={t('balances.adjustReasonHint')}
          rules={[requiredRule(t), zodRule(zReason(), t)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid="adjust-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
