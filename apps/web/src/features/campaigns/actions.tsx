/**
 * Status actions of campaigns, singly or in mass (POST /campaigns/change_status, /campaigns/clone; spec §4: "Campaigns
 * can be blocked by an admin, deactivated or deleted, singly or in mass", status changes confirmed in a popup):
 * activate, deactivate, delete (final) and unblock ask for a confirmation; block asks for a reason. The server
 * refuses a mass change as a whole; its message is toasted by the client.
 */
import { StopOutlined } from '@ant-design/icons';
import { REASON_MAX } from '@leadgrid/shared/constants';
import { zReason } from '@leadgrid/shared/validation';
import { Alert, App, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../components/form';
import { useChangeCampaignStatus, useCloneCampaigns } from './api';
import { useCampaignsT } from './i18n';
import type { CampaignAction } from './model';

interface Target {
  id: number;
  title: string;
}

function BlockCampaignsModal({ targets, onClose, onDone }: { targets: Target[] | null; onClose: () => void; onDone?: () => void }) {
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

export type StatusAction = Exclude<CampaignAction, 'edit'>;

/**
 * `run(action, targets, onDone)` performs one action on one or many campaigns (after its confirmation);
 * `popup` is the block-reason dialog to render once. Clone answers the copies through `onCloned`.
 */
export function useCampaignActions(opts: { onCloned?: (ids: number[]) => void } = {}): {
  run: (action: StatusAction, targets: Target[], onDone?: () => void) => void;
  busy: boolean;
  popup: ReactNode;
} {
  const { t } = useCampaignsT();
  const { modal } = App.useApp();
  const change = useChangeCampaignStatus();
  const clone = useCloneCampaigns();
  const [blocking, setBlocking] = useState<{ targets: Target[]; onDone?: () => void } | null>(null);

  const confirm = (action: 'activate' | 'deactivate' | 'delete' | 'unblock', targets: Target[], onDone?: () => void) => {
    const status = action === 'deactivate' ? 'inactive' : action === 'delete' ? 'deleted' : 'active';
    const count = targets.length;
    modal.confirm({
      title: count === 1 ? t(`confirm.${action}.one`, { title: targets[0].title }) : t(`confirm.${action}.many`, { count }),
      content: t(`confirm.${action}.text`),
      okText: t(`actions.${action}`),
      okButtonProps: { danger: action === 'delete', ...({ 'data-testid': `campaign-confirm-${action}` } as Record<string, string>) },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await change.mutateAsync(targets.map((x) => ({ id: x.id, status })));
          onDone?.();
        } catch {
          // the refusal is toasted by the client
        }
      },
    });
  };

  const run = (action: StatusAction, targets: Target[], onDone?: () => void) => {
    if (!targets.length) return;
    if (action === 'block') return setBlocking({ targets, onDone });
    if (action === 'clone') {
      void clone
        .mutateAsync(targets.map((x) => x.id))
        .then((res) => {
          onDone?.();
          opts.onCloned?.(res.items.map((c) => c.id));
        })
        .catch(() => undefined);
      return;
    }
    confirm(action, targets, onDone);
  };

  return {
    run,
    busy: change.isPending || clone.isPending,
    popup: <BlockCampaignsModal targets={blocking?.targets ?? null} onClose={() => setBlocking(null)} onDone={blocking?.onDone} />,
  };
}
