/**
 * Spec §4: blocking an affiliate or a team needs a blocking type (traffic or access) and a reason of 1-500
 * characters. The server's field errors land on the field they name; any other refusal shows in the modal.
 */
import { StopOutlined } from '@ant-design/icons';
import { REASON_MAX } from '@leadgrid/shared/constants';
import { zReason } from '@leadgrid/shared/validation';
import { Alert, Form, Input, Modal, Radio, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyServerErrors, requiredRule, zodRule } from '../../components/form';
import { useAffiliatesT } from './affiliates/i18n';

export type BlockKind = 'traffic' | 'access';
export interface BlockValues {
  blockType: BlockKind;
  reason: string;
}

export function BlockModal({
  open,
  title,
  hint,
  defaultType = 'traffic',
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  /** what blocking does to this record (e.g. a team's members) */
  hint?: string;
  defaultType?: BlockKind;
  onSubmit: (values: BlockValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useAffiliatesT();
  const [form] = Form.useForm<BlockValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const kind = Form.useWatch('blockType', form) ?? defaultType;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ blockType: defaultType, reason: '' });
    setFailure([]);
  }, [open, defaultType, form]);

  const submit = async (values: BlockValues) => {
    setSaving(true);
    setFailure([]);
    try {
      await onSubmit({ blockType: values.blockType, reason: values.reason.trim() });
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
      okButtonProps={{ danger: true, ...({ 'data-testid': 'block-confirm' } as Record<string, string>) }}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
      width={520}
    >
      <Form<BlockValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="block-form">
        {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
        <Form.Item name="blockType" label={t('block.type')} rules={[requiredRule(t)]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'traffic', label: t('block.types.traffic') },
              { value: 'access', label: t('block.types.access') },
            ]}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12, fontSize: 13 }}>
          {t(`block.typeHints.${kind}`)}
        </Typography.Paragraph>
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
          />
        </Form.Item>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}
