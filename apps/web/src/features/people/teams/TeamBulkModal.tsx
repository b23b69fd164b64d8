/** The same change to many teams (POST /teams/bulk_edit): managers replaced, added or removed, and the flags. */
import type { TeamBulkEdit } from '@leadgrid/shared/people/people';
import { Alert, Col, Flex, Form, Modal, Row, Segmented, Typography, theme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { applyServerErrors } from '../../../components/form';
import { ManagerPicker } from '../../../components/pickers/people';
import { useBulkEditTeams } from './api';
import { useTeamsT } from './i18n';

type ListMode = 'keep' | 'replace' | 'add' | 'remove';
type FlagMode = 'keep' | 'on' | 'off';
interface Values {
  managersMode: ListMode;
  managerIds: number[];
  acceptColdTraffic: FlagMode;
  acceptInvalidLeads: FlagMode;
}
const INITIAL: Values = { managersMode: 'keep', managerIds: [], acceptColdTraffic: 'keep', acceptInvalidLeads: 'keep' };
const flag = (mode: FlagMode) => (mode === 'keep' ? undefined : mode === 'on');

function Part({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={8}
      style={{ padding: '12px 14px', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
    >
      <Typography.Text strong>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

export function TeamBulkModal({ ids, open, onClose, onDone }: { ids: number[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTeamsT();
  const [form] = Form.useForm<Values>();
  const bulk = useBulkEditTeams();
  const [failure, setFailure] = useState<string[]>([]);
  const values = Form.useWatch([], form) as Values | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(INITIAL);
    setFailure([]);
  }, [open, form]);

  const build = (v: Values): TeamBulkEdit => ({
    ids,
    ...(v.managersMode !== 'keep' ? { managerIds: v.managerIds ?? [], managersMode: v.managersMode } : {}),
    ...(flag(v.acceptColdTraffic) !== undefined ? { acceptColdTraffic: flag(v.acceptColdTraffic) } : {}),
    ...(flag(v.acceptInvalidLeads) !== undefined ? { acceptInvalidLeads: flag(v.acceptInvalidLeads) } : {}),
  });
  const nothing = !values || Object.keys(build({ ...INITIAL, ...values })).length === 1;
  const flagModes = [
    { value: 'keep', label: t('bulk.keep') },
    { value: 'on', label: t('bulk.on') },
    { value: 'off', label: t('bulk.off') },
  ];

  const submit = async (v: Values) => {
    setFailure([]);
    try {
      await bulk.mutateAsync(build(v));
      onDone();
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  return (
    <Modal
      open={open}
      title={t('bulk.title', { count: ids.length })}
      okText={t('bulk.apply', { count: ids.length })}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: nothing }}
      confirmLoading={bulk.isPending}
      width={600}
      forceRender
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('bulk.text')}</Typography.Text>
          <Part label={t('fields.managers')}>
            <Form.Item name="managersMode" noStyle>
              <Segmented
                size="small"
                style={{ alignSelf: 'flex-start' }}
                options={[
                  { value: 'keep', label: t('bulk.keep') },
                  { value: 'replace', label: t('bulk.replace') },
                  { value: 'add', label: t('bulk.add') },
                  { value: 'remove', label: t('bulk.remove') },
                ]}
              />
            </Form.Item>
            {values?.managersMode && values.managersMode !== 'keep' ? (
              <Form.Item name="managerIds" noStyle>
                <ManagerPicker />
              </Form.Item>
            ) : null}
          </Part>
          <Part label={t('bulk.flags')}>
            <Row gutter={[12, 8]} align="middle">
              <Col span={12}>
                <Typography.Text>{t('fields.acceptColdTraffic')}</Typography.Text>
              </Col>
              <Col span={12}>
                <Form.Item name="acceptColdTraffic" noStyle>
                  <Segmented options={flagModes} size="small" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Typography.Text>{t('fields.acceptInvalidLeads')}</Typography.Text>
              </Col>
              <Col span={12}>
                <Form.Item name="acceptInvalidLeads" noStyle>
                  <Segmented options={flagModes} size="small" />
                </Form.Item>
              </Col>
            </Row>
          </Part>
          {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
        </Flex>
      </Form>
    </Modal>
  );
}
