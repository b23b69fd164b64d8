/** The status change of an advertiser member (active, inactive, blocked with a required reason); loaded when first opened. */
import type { AdvertiserMember } from '@leadgrid/shared/people/people';
import { Alert, Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useChangeMemberStatus } from '../../../api/advertisers';
import { applyServerErrors } from '../../../components/form';
import { PersonStatusFields } from '../../../components/person/StatusFields';
import { useAdvertisersT } from './i18n';
import { personName as name } from '@leadgrid/shared/people/names';

type MemberStatus = AdvertiserMember['status'];

export function MemberStatusModal({ member, onClose }: { member: AdvertiserMember | null; onClose: () => void }) {
  const { t } = useAdvertisersT();
  const [form] = Form.useForm<{ status: MemberStatus; reason?: string }>();
  const change = useChangeMemberStatus();
  const [failure, setFailure] = useState<string[]>([]);
  const status = Form.useWatch('status', form);
  const open = member !== null;

  useEffect(() => {
    if (!member) return;
    form.resetFields();
    form.setFieldsValue({ status: member.status === 'active' ? 'inactive' : 'active', reason: '' });
    setFailure([]);
  }, [member, form]);

  const submit = async (v: { status: MemberStatus; reason?: string }) => {
    if (!member) return;
    setFailure([]);
    try {
      await change.mutateAsync([{ id: member.id, status: v.status, reason: v.status === 'blocked' ? v.reason?.trim() : undefined }]);
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  return (
    <Modal
      open={open}
      title={t('members.statusTitle', { name: member ? name(member) : '' })}
      okText={t('members.statusConfirm')}
      okButtonProps={{ danger: status === 'blocked', ...({ 'data-testid': 'member-status-confirm' } as Record<string, string>) }}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={change.isPending}
      forceRender
      destroyOnHidden
      width={520}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="member-status-form">
        <PersonStatusFields
          t={t}
          current={member?.status}
          chosen={status}
          texts={{
            status: t('members.fields.status'),
            hint: (s) => t(`members.statusHints.${s}`),
            reason: t('block.reason'),
            reasonPlaceholder: t('block.reasonPlaceholder'),
          }}
        />
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}
