/**
 * Blocking and unblocking advertisers (POST /advertisers/change_block, spec §4 "active or blocked"): blocking asks
 * for a reason of 1-500 characters, kept as the block reason; unblocking asks for a confirmation and clears it.
 * `useAdvertiserBlock()` answers the two actions and the popup to render once.
 */
import { StopOutlined } from '@ant-design/icons';
import { REASON_MAX } from '@leadgrid/shared/constants';
import { zReason } from '@leadgrid/shared/validation';
import { Alert, App, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { useChangeAdvertiserBlock } from '../../../api/advertisers';
import { useAdvertisersT } from './i18n';

interface Target {
  id: number;
  title: string;
}

export function BlockAdvertiserModal({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useAdvertisersT();
  const [form] = Form.useForm<{ reason: string }>();
  const change = useChangeAdvertiserBlock();
  const [failure, setFailure] = useState<string[]>([]);
  const open = target !== null;
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFailure([]);
  }, [open, form]);

  const submit = async ({ reason }: { reason: string }) => {
    if (!target) return;
    setFailure([]);
    try {
      await change.mutateAsync([{ id: target.id, status: 'blocked', reason: reason.trim() }]);
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  return (
    <Modal
      open={open}
      title={
        <Flex gap={8} align="center">
          <StopOutlined style={{ color: 'var(--ant-color-error)' }} />
          {t('block.title', { title: target?.title ?? '' })}
        </Flex>
      }
      okText={t('block.confirm')}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'advertiser-block-confirm' } as Record<string, string>) }}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      destroyOnHidden
      forceRender
      width={520}
    >
      <Form<{ reason: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        data-testid="advertiser-block-form"
      >
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
          />
        </Form.Item>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}

/** Block (with the reason popup) and unblock (with a confirmation) of one advertiser. */
export function useAdvertiserBlock(): { block: (a: Target) => void; unblock: (a: Target) => void; popup: ReactNode } {
  const { t } = useAdvertisersT();
  const { modal } = App.useApp();
  const change = useChangeAdvertiserBlock();
  const [target, setTarget] = useState<Target | null>(null);
  const unblock = (a: Target) =>
    modal.confirm({
      title: t('unblock.title', { title: a.title }),
      content: t('unblock.text'),
      okText: t('unblock.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { ...({ 'data-testid': 'advertiser-unblock-confirm' } as Record<string, string>) },
      onOk: async () => {
        try {
          await change.mutateAsync([{ id: a.id, status: 'active' }]);
        } catch {
          // toasted by the client
        }
      },
    });
  return { block: setTarget, unblock, popup: <BlockAdvertiserModal target={target} onClose={() => setTarget(null)} /> };
}
