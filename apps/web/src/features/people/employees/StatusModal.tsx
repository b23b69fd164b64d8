/**
 * The status change of one or more employees (POST /employees/change_status): active, inactive or blocked; a
 * block needs a reason of 1-500 characters (product §4), kept as the block reason. Blocking or deactivating signs
 * the employee out.
 */
import { REASON_MAX } from '@leadgrid/shared/constants';
import { zReason } from '@leadgrid/shared/validation';
import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { useChangeEmployeeStatus } from './api';
import { useEmployeesT } from './i18n';

export type EmployeeStatus = 'active' | 'inactive' | 'blocked';
interface Values {
  status: EmployeeStatus;
  reason?: string;
}

export function StatusModal({
  ids,
  name,
  current,
  initial,
  onClose,
  onDone,
}: {
  /** null: closed */
  ids: number[] | null;
  /** who is changed (one employee), for the title */
  name?: string;
  current?: EmployeeStatus;
  initial?: EmployeeStatus;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useEmployeesT();
  const [form] = Form.useForm<Values>();
  const change = useChangeEmployeeStatus();
  const [failure, setFailure] = useState<string[]>([]);
  const status = Form.useWatch('status', form);
  const open = ids !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ status: initial ?? (current === 'active' ? 'inactive' : 'active'), reason: '' });
    setFailure([]);
  }, [open, initial, current, form]);

  const submit = async (v: Values) => {
    setFailure([]);
    try {
      await change.mutateAsync(
        (ids ?? []).map((id) => ({ id, status: v.status, reason: v.status === 'blocked' ? v.reason?.trim() : undefined })),
      );
      onDone?.();
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  return (
    <Modal
      open={open}
      title={name ? t('statusModal.titleOne', { name }) : t('statusModal.title', { count: ids?.length ?? 0 })}
      okText={t('statusModal.confirm')}
      okButtonProps={{ danger: status === 'blocked' }}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      forceRender
      destroyOnHidden
      width={520}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="employee-status-form">
        <Form.Item name="status" label={t('statusModal.status')} rules={[requiredRule(t)]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={(['active', 'inactive', 'blocked'] as const).map((value) => ({
              value,
              label: t(`status.${value}`),
              disabled: value === current,
            }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12, fontSize: 13 }}>
          {status ? t(`statusModal.hints.${status}`) : null}
        </Typography.Paragraph>
        {status === 'blocked' ? (
          <Form.Item name="reason" label={t('statusModal.reason')} rules={[requiredRule(t), zodRule(zReason(), t)]}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={REASON_MAX}
              showCount
              placeholder={t('statusModal.reasonPlaceholder')}
            />
          </Form.Item>
        ) : null}
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}
