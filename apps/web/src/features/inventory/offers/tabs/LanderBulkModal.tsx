/**
 * The bulk edit of the selected landers: weight, status and sieve, each applied only when its switch is on, in one
 * PATCH /landers (all or nothing). The product §4 guard refuses the whole change and names the landers it concerns.
 */
import { LANDER_WEIGHT, landerUpdate, type Lander, type LanderUpdate } from '@leadgrid/shared/inventory/landers';
import { EMPTY_SIEVE, type Sieve } from '@leadgrid/shared/inventory/sieves';
import { Alert, Checkbox, Flex, Form, InputNumber, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { requiredRule, zodRule } from '../../../../components/form';
import { SieveEditor, sieveOf, sieveRule, type SieveErrors } from '../../../../components/sieve';
import { sieveErrorsFromItems } from '../../../../components/sieve/model';
import { ApiError } from '../../../../api/client';
import { useLanderWrites } from './api';
import { statusFailure } from './landerForm';
import { bulkTexts, FormFailure, useTabsT } from '../../formParts';
import { BulkModalFrame, CheckRow } from '../../../../components/bulk/BulkEditModal';

interface BulkValues {
  changeWeight: boolean;
  weight: number;
  changeStatus: boolean;
  status: 'active' | 'inactive';
  changeSieve: boolean;
  sieve: Sieve;
}

/** the PATCH items of the bulk edit: the same change on each selected lander */
export function landerBulkItems(ids: readonly number[], v: BulkValues): LanderUpdate[] {
  const change: Omit<LanderUpdate, 'id'> = {};
  if (v.changeWeight) change.weight = v.weight;
  if (v.changeStatus) change.status = v.status;
  if (v.changeSieve) change.sieve = sieveOf('landings', v.sieve);
  return ids.map((id) => ({ id, ...change }));
}

export function LanderBulkModal({
  open,
  offerId,
  ids,
  landers,
  onClose,
  onDone,
}: {
  open: boolean;
  offerId: number;
  ids: number[];
  /** the selected landers of the current page (their titles for the guard message) */
  landers: Lander[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTabsT();
  const [form] = Form.useForm<BulkValues>();
  const writes = useLanderWrites(offerId);
  const [failure, setFailure] = useState<string[]>([]);
  const [guard, setGuard] = useState<string[] | null>(null);
  const [sieveErrors, setSieveErrors] = useState<SieveErrors>({});
  const changeWeight = Form.useWatch('changeWeight', form);
  const changeStatus = Form.useWatch('changeStatus', form);
  const changeSieve = Form.useWatch('changeSieve', form);
  const nothing = !changeWeight && !changeStatus && !changeSieve;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      changeWeight: false,
      weight: LANDER_WEIGHT.default,
      changeStatus: false,
      status: 'active',
      changeSieve: false,
      sieve: EMPTY_SIEVE,
    });
    setFailure([]);
    setGuard(null);
    setSieveErrors({});
  }, [open, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || nothing) return;
    setFailure([]);
    setGuard(null);
    setSieveErrors({});
    try {
      await writes.update.mutateAsync(landerBulkItems(ids, v));
      onDone();
      onClose();
    } catch (err) {
      const f = statusFailure(err, ids);
      if (f.kind === 'guard') {
        setGuard(f.ids.map((id) => landers.find((l) => l.id === id)?.title ?? `#${id}`));
        return;
      }
      if (err instanceof ApiError) {
        const sieve = sieveErrorsFromItems(
          err.errors.map((e) => ({ ...e, loc: e.loc.map((p, i) => (i === e.loc.indexOf('items') + 1 ? 0 : p)) })),
          ['items', 0],
        );
        setSieveErrors(sieve);
        setFailure([err.message]);
      }
    }
  };

  return (
    <BulkModalFrame
      open={open}
      {...bulkTexts(t)}
      title={t('landers.bulkTitle', { count: ids.length })}
      onCancel={onClose}
      onOk={() => void submit()}
      disabled={nothing}
      applyTestId="lander-bulk-save"
      pending={writes.update.isPending}
      width={680}
    >
      <Form form={form} layout="vertical" requiredMark={false} data-testid="lander-bulk-form">
        <Flex vertical gap={4}>
          <CheckRow name="changeWeight" label={t('fields.weight')} width={170}>
            <Form.Item name="weight" noStyle rules={changeWeight ? [requiredRule(t), zodRule(landerUpdate.shape.weight, t)] : []}>
              <InputNumber
                min={LANDER_WEIGHT.min}
                max={LANDER_WEIGHT.max}
                precision={0}
                disabled={!changeWeight}
                style={{ width: 140 }}
                data-testid="bulk-weight"
              />
            </Form.Item>
          </CheckRow>
          <CheckRow name="changeStatus" label={t('fields.status')} width={170}>
            <Form.Item name="status" noStyle>
              <Segmented
                disabled={!changeStatus}
                options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Form.Item>
          </CheckRow>
          <Form.Item name="changeSieve" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{t('bulk.replaceSieve')}</Checkbox>
          </Form.Item>
          {changeSieve ? (
            <Form.Item name="sieve" rules={[sieveRule('landings', t)]}>
              <SieveEditor owner="landings" offerId={offerId} errors={sieveErrors} />
            </Form.Item>
          ) : null}
        </Flex>
      </Form>
      {guard ? (
        <Alert
          type="error"
          showIcon
          title={t('landers.guard')}
          description={t('landers.guardText', { count: guard.length, titles: guard.join(', ') })}
          data-testid="lander-guard"
        />
      ) : null}
      <FormFailure messages={failure} />
    </BulkModalFrame>
  );
}
