/** The block-reason dialog of campaigns, singly or in mass (useCampaignActions opens it). */
import { StopOutlined } from '@ant-design/icons';
import { REASON_MAX } from '@leadgrid/shared/constants';
import { zReason } from '@leadgrid/shared/validation';
import { Alert, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import type { Target } from './model';
import { useChangeCampaignStatus } from './api';
import { useCampaignsT } from './i18n';

export function BlockCampaignsModal({ targets, onClose, onDone }: { targets: Target[] | null; onClose: () => void; onDone?: () => void }) {
  const { t } = useCampaignsT();
  const [form] = Form.useForm<{ reason: string }>();
  const change = useChangeCampaignStatus();
  const [failure, setFailure] = useState<string[]>([]);
  const open = targets !== null;
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFailure([]);
  }, [open, form]);

  const submit = async ({ reason }: { reason: string }) => {
    if (!targets) return;
    setFailure([]);
    try {
      await change.mutateAsync(targets.map((x) => ({ id: x.id, status: 'blocked' as const, reason: reason.trim() })));
      onDone?.();
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  const count = targets?.length ?? 0;
  return (
    <Modal
      open={open}
      title={
        <Flex gap={8} align="center">
          <StopOutlined style={{ color: 'var(--ant-color-error)' }} />
          {count === 1 ? t('block.titleOne', { title: targets?.[0]?.title ?? '' }) : t('block.titleMany', { count })}
        </Flex>
      }
      okText={t('block.confirm')}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'campaign-block-confirm' } as Record<string, string>) }}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      destroyOnHidden
      forceRender
      width={520}
    >
      <Form<{ reason: string }> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Typography.Paragraph type="secondary">{t('block.text')}</Typography.Paragraph>
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
            data-testid="campaign-block-reason"
          />
        </Form.Item>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}
