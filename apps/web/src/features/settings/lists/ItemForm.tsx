/**
 * The create / edit form of a list item (tag, category, traffic source) in a modal: title (product §5 title rule),
 * the tag's entity type, and the status. Server errors land on their field (a taken title shows 'unique').
 */
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { TAG_TYPES, type TagType } from '@leadgrid/shared/settings/tags';
import { zTitle } from '@leadgrid/shared/validation';
import { Form, Input, Modal, Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { NS } from './i18n';

export interface ItemValues {
  title: string;
  status: 'active' | 'inactive';
  type?: TagType;
}

export interface ItemFormProps {
  open: boolean;
  /** the modal title */
  title: string;
  /** the record being edited; null creates one */
  initial: (ItemValues & { id: number }) | null;
  /** tags have an entity type */
  withType?: boolean;
  /** a fixed type for a new tag (e.g. the type filter in use) */
  defaultType?: TagType;
  onSave(values: ItemValues): Promise<unknown>;
  onClose(): void;
}

export function ItemForm({ open, title, initial, withType, defaultType, onSave, onClose }: ItemFormProps) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<ItemValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      initial ? { title: initial.title, status: initial.status, type: initial.type } : { title: '', status: 'active', type: defaultType },
    );
  }, [open, initial, defaultType, form]);

  const submit = async () => {
    // an invalid field shows its message on the form; nothing is sent
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onSave({ ...values, title: values.title.trim() });
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      forceRender
      width={480}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={() => void submit()}
        style={{ marginTop: 16 }}
        data-testid="item-form"
      >
        <Form.Item name="title" label={t('fields.title')} rules={[requiredRule(tc), zodRule(zTitle(), tc)]} validateFirst>
          <Input autoFocus maxLength={200} showCount placeholder={t('fields.title')} onPressEnter={() => void submit()} />
        </Form.Item>
        {withType ? (
          <Form.Item name="type" label={t('fields.type')} rules={[requiredRule(tc)]}>
            <Select
              placeholder={t('fields.type')}
              options={TAG_TYPES.map((type) => ({ value: type, label: t(`tagTypes.${type}`) }))}
              data-testid="item-form-type"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="status" label={t('fields.status')} rules={[requiredRule(tc)]}>
          <Segmented options={ACTIVE_STATUSES.map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
