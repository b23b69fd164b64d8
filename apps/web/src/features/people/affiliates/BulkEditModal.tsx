/**
 * The same change to many affiliates (POST /affiliates/bulk_edit): managers and tags replaced, added or removed,
 * the team set or left, the flags and the redirect set. A part left at "do not change" is not sent.
 */
import { REDIRECT_TO_ADVERTISER } from '@leadgrid/shared/constants';
import type { AffiliateBulkEdit } from '@leadgrid/shared/people/people';
import { Alert, Col, Flex, Form, Modal, Row, Segmented, Select, Typography, theme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { applyServerErrors } from '../../../components/form';
import { TagPicker } from '../../../components/pickers/lists';
import { useBulkEditAffiliates } from '../../../api/affiliates';
import { useAffiliatesT } from './i18n';
import { ManagerPicker, TeamPicker } from '../../../components/pickers/people';

type ListMode = 'keep' | 'replace' | 'add' | 'remove';
type FlagMode = 'keep' | 'on' | 'off';

interface Values {
  managersMode: ListMode;
  managerIds: number[];
  tagsMode: ListMode;
  tagIds: number[];
  teamMode: 'keep' | 'set' | 'leave';
  teamId?: number;
  acceptColdTraffic: FlagMode;
  acceptInvalidLeads: FlagMode;
  redirectToAdvertiser: 'keep' | (typeof REDIRECT_TO_ADVERTISER)[number];
}

const INITIAL: Values = {
  managersMode: 'keep',
  managerIds: [],
  tagsMode: 'keep',
  tagIds: [],
  teamMode: 'keep',
  acceptColdTraffic: 'keep',
  acceptInvalidLeads: 'keep',
  redirectToAdvertiser: 'keep',
};

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

export function BulkEditModal({ ids, open, onClose, onDone }: { ids: number[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useAffiliatesT();
  const [form] = Form.useForm<Values>();
  const bulk = useBulkEditAffiliates();
  const [failure, setFailure] = useState<string[]>([]);
  const values = Form.useWatch([], form) as Values | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(INITIAL);
    setFailure([]);
  }, [open, form]);

  const listModes = [
    { value: 'keep', label: t('bulk.keep') },
    { value: 'replace', label: t('bulk.replace') },
    { value: 'add', label: t('bulk.add') },
    { value: 'remove', label: t('bulk.remove') },
  ];
  const flagModes = [
    { value: 'keep', label: t('bulk.keep') },
    { value: 'on', label: t('bulk.on') },
    { value: 'off', label: t('bulk.off') },
  ];

  const build = (v: Values): AffiliateBulkEdit => ({
    ids,
    ...(v.managersMode !== 'keep' ? { managerIds: v.managerIds ?? [], managersMode: v.managersMode } : {}),
    ...(v.tagsMode !== 'keep' ? { tagIds: v.tagIds ?? [], tagsMode: v.tagsMode } : {}),
    ...(v.teamMode === 'set' ? { teamId: v.teamId } : v.teamMode === 'leave' ? { teamId: null } : {}),
    ...(flag(v.acceptColdTraffic) !== undefined ? { acceptColdTraffic: flag(v.acceptColdTraffic) } : {}),
    ...(flag(v.acceptInvalidLeads) !== undefined ? { acceptInvalidLeads: flag(v.acceptInvalidLeads) } : {}),
    ...(v.redirectToAdvertiser !== 'keep' ? { redirectToAdvertiser: v.redirectToAdvertiser } : {}),
  });
  const nothing = !values || Object.keys(build({ ...INITIAL, ...values })).length === 1;

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
      okButtonProps={{ disabled: nothing, ...({ 'data-testid': 'bulk-edit-apply' } as Record<string, string>) }}
      confirmLoading={bulk.isPending}
      width={640}
      forceRender
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="bulk-edit-form">
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('bulk.text')}</Typography.Text>
          <Part label={t('fields.managers')}>
            <Form.Item name="managersMode" noStyle>
              <Segmented options={listModes} size="small" style={{ alignSelf: 'flex-start' }} />
            </Form.Item>
            {values?.managersMode && values.managersMode !== 'keep' ? (
              <Form.Item name="managerIds" noStyle>
                <ManagerPicker />
              </Form.Item>
            ) : null}
          </Part>
          <Part label={t('fields.tags')}>
            <Form.Item name="tagsMode" noStyle>
              <Segmented options={listModes} size="small" style={{ alignSelf: 'flex-start' }} />
            </Form.Item>
            {values?.tagsMode && values.tagsMode !== 'keep' ? (
              <Form.Item name="tagIds" noStyle>
                <TagPicker type="affiliate" />
              </Form.Item>
            ) : null}
          </Part>
          <Part label={t('fields.team')}>
            <Form.Item name="teamMode" noStyle>
              <Segmented
                size="small"
                style={{ alignSelf: 'flex-start' }}
                options={[
                  { value: 'keep', label: t('bulk.keep') },
                  { value: 'set', label: t('bulk.moveToTeam') },
                  { value: 'leave', label: t('bulk.leaveTeam') },
                ]}
              />
            </Form.Item>
            {values?.teamMode === 'set' ? (
              <Form.Item name="teamId" rules={[{ required: true, message: t('validation.required') }]} style={{ marginBottom: 0 }}>
                <TeamPicker multiple={false} purpose="assignment" />
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
              <Col span={12}>
                <Typography.Text>{t('fields.redirectToAdvertiser')}</Typography.Text>
              </Col>
              <Col span={12}>
                <Form.Item name="redirectToAdvertiser" noStyle>
                  <Select
                    size="small"
                    style={{ width: '100%' }}
                    options={[
                      { value: 'keep', label: t('bulk.keep') },
                      ...REDIRECT_TO_ADVERTISER.map((value) => ({ value, label: t(`redirect.${value}`) })),
                    ]}
                  />
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
