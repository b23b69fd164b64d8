/**
 * The block dialog of campaigns, advertisers, affiliates and teams (product §4): a reason of 1-500 characters, trimmed
 * before it is sent, and any fields of the caller's before it. The server's field errors land on the field they
 * name; any other refusal shows in the dialog, which stays open. Texts are the caller's `block.*` keys
 * (`block.confirm`, `block.reason`, `block.reasonPlaceholder`) and `actions.cancel`.
 */
import { StopOutlined } from '@ant-design/icons';
import { REASON_MAX } from '@leadgrid/shared/constants';
import { zReason } from '@leadgrid/shared/validation';
import { Alert, Flex, Form, Input, Modal, Typography, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from './form';

export interface BlockReasonModalProps<T extends { reason: string }> {
  open: boolean;
  title: ReactNode;
  /** what blocking does, said above the fields */
  hint?: ReactNode;
  t: TFunction;
  /** the caller's form, when its own fields need it (Form.useWatch) */
  form?: FormInstance<T>;
  /** the values the dialog opens with, besides an empty reason */
  initialValues?: Omit<T, 'reason'>;
  /** fields shown before the reason */
  children?: ReactNode;
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  testIds?: { confirm?: string; form?: string; reason?: string };
}

export function BlockReasonModal<T extends { reason: string }>({
  open,
  title,
  hint,
  t,
  form: callerForm,
  initialValues,
  children,
  onSubmit,
  onClose,
  testIds = {},
}: BlockReasonModalProps<T>) {
  const [form] = Form.useForm<T>(callerForm);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue({ ...initialValues, reason: '' } as Parameters<typeof form.setFieldsValue>[0]);
    setFailure([]);
    // the initial values are read when the dialog opens only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);

  const submit = async (values: T) => {
    setSaving(true);
    setFailure([]);
    try {
      await onSubmit({ ...values, reason: values.reason.trim() });
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={
        <Flex gap={8} align="center">
          <StopOutlined style={{ color: 'var(--ant-color-error)' }} />
          {title}
        </Flex>
      }
      okText={t('block.confirm')}
      okButtonProps={{ danger: true, ...((testIds.confirm ? { 'data-testid': testIds.confirm } : {}) as Record<string, string>) }}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
      width={520}
    >
      <Form<T> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid={testIds.form}>
        {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
        {children}
        <Form.Item
          name="reason"
          label={t('block.reason')}
          rules={[requiredRule(t), zodRule(zReason(), t)]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={REASON_MAX}
            showCount
            placeholder={t('block.reasonPlaceholder')}
            aria-label={t('block.reason')}
            data-testid={testIds.reason}
          />
        </Form.Item>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}
