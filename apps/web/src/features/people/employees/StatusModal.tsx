/**
 * The status change of one or more employees (POST /employees/change_status): active, inactive or blocked; a
 * block needs a reason of 1-500 characters (product §4), kept as the block reason. Blocking or deactivating signs
 * the employee out.
 */
import { Alert, Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { applyServerErrors } from '../../../components/form';
import { useChangeEmployeeStatus } from './api';
import { useEmployeesT } from './i18n';
import { PersonStatusFields } from '../../../components/person/StatusFields';

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
        <PersonStatusFields
          t={t}
          current={current}
          chosen={status}
          texts={{
            status: t('statusModal.status'),
            hint: (s) => t(`statusModal.hints.${s}`),
            reason: t('statusModal.reason'),
            reasonPlaceholder: t('statusModal.reasonPlaceholder'),
          }}
        />
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}
