/** Create a vertical (title, description, status) or rename and describe one. */
import { verticalCreate, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { Alert, Button, Drawer, Flex, Form, Input, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { useCreateVerticals, useUpdateVerticals, type SellSideStatus } from './api';
import { NS } from './i18n';

interface Values {
  title: string;
  description: string;
  status: SellSideStatus;
}

export function VerticalDrawer({
  open,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  initial: Vertical | null;
  onClose(): void;
  onSaved?(vertical: Vertical): void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const create = useCreateVerticals();
  const update = useUpdateVerticals();
  const [saving, setSaving] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    setNotes([]);
    form.resetFields();
    form.setFieldsValue(
      initial ? { title: initial.title, description: initial.description } : { title: '', description: '', status: 'active' },
    );
  }, [open, initial, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    setNotes([]);
    try {
      const item = { title: values.title.trim(), description: (values.description ?? '').trim() };
      const saved = initial
        ? await update.mutateAsync([{ id: initial.id, ...item }])
        : await create.mutateAsync([{ ...item, status: values.status }]);
      onSaved?.(saved.items[0]);
      onClose();
    } catch (err) {
      setNotes(applyServerErrors(form, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      title={initial ? t('edit') : t('create')}
      onClose={onClose}
      size={560}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="vertical-save">
            {initial ? t('actions.save') : t('actions.create')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="vertical-form" onFinish={() => void submit()}>
        {notes.length ? <Alert type="error" showIcon title={notes.join(' · ')} style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="title"
          label={t('fields.title')}
          extra={t('hints.title')}
          rules={[requiredRule(tc), zodRule(verticalCreate.shape.title, tc)]}
          validateFirst
        >
          <Input maxLength={200} autoFocus placeholder={t('placeholders.title')} data-testid="vertical-title" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[zodRule(verticalCreate.shape.description, tc)]}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={2000}
            showCount
            placeholder={t('placeholders.description')}
            data-testid="vertical-description"
          />
        </Form.Item>
        {!initial ? (
          <Form.Item name="status" label={t('fields.status')} extra={t('hints.status')}>
            <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
    </Drawer>
  );
}
