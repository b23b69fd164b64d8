/** The staff edit of one click (`click.update`): status valid/invalid with a reason, and the nine subs. Only changes are sent. */
import { CLICK_INVALID_REASONS, CLICK_SUBS, type Click } from '@leadgrid/shared/engine/clicks';
import { Alert, Col, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useUpdateClicks } from './api';
import { useClicksT } from './i18n';
import { editPayload, type EditValues } from './model';

export function ClickEditModal({ click, onClose }: { click: Click | null; onClose: () => void }) {
  const { t } = useClicksT();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateClicks();
  const status = Form.useWatch('status', form);

  useEffect(() => {
    if (!click) return;
    form.setFieldsValue({
      status: click.status === 2 ? 2 : 1,
      invalidReason: (click.invalidReason as EditValues['invalidReason']) ?? undefined,
      subs: Object.fromEntries(CLICK_SUBS.map((s) => [s, click[s] ?? ''])),
    });
  }, [click, form]);

  const submit = async () => {
    if (!click) return;
    const values = await form.validateFields();
    const item = editPayload(click.id, click, values);
    if (!item) return onClose();
    await update.mutateAsync([item]);
    onClose();
  };

  return (
    <Modal
      open={Boolean(click)}
      title={t('edit.title')}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={update.isPending}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} data-testid="click-edit-form">
        <Alert type="info" showIcon title={t('edit.hint')} style={{ marginBottom: 16 }} />
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item name="status" label={t('edit.status')}>
              <Radio.Group optionType="button" options={[1, 2].map((v) => ({ value: v, label: t(`status.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={14}>
            {status === 2 ? (
              <Form.Item
                name="invalidReason"
                label={t('edit.invalidReason')}
                rules={[{ required: true, message: t('validation.required') }]}
              >
                <Select options={CLICK_INVALID_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))} />
              </Form.Item>
            ) : null}
          </Col>
        </Row>
        <Row gutter={12}>
          {CLICK_SUBS.map((s) => (
            <Col span={8} key={s}>
              <Form.Item name={['subs', s]} label={s} rules={[{ max: 255 }]}>
                <Input allowClear maxLength={255} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
