/** Create a vertical (title, description, status) or rename and describe one. */
import { verticalCreate, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { Alert, Form, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityDrawer, useEntityForm } from '../../../components/drawer/EntityDrawer';
import { useCreateVerticals, useUpdateVerticals, type SellSideStatus } from './api';
import { NS } from './i18n';
import { TitleDescriptionFields } from '../parts';

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
  const create = useCreateVerticals();
  const update = useUpdateVerticals();
  const { form, saving, notes, save } = useEntityForm<Values>({
    open,
    deps: [initial],
    values: () => (initial ? { title: initial.title, description: initial.description } : { title: '', description: '', status: 'active' }),
  });

  const submit = () =>
    save(async (values) => {
      const item = { title: values.title.trim(), description: (values.description ?? '').trim() };
      const saved = initial
        ? await update.mutateAsync([{ id: initial.id, ...item }])
        : await create.mutateAsync([{ ...item, status: values.status }]);
      onSaved?.(saved.items[0]);
      onClose();
    });

  return (
    <EntityDrawer
      open={open}
      title={initial ? t('edit') : t('create')}
      onClose={onClose}
      size={560}
      cancelText={t('actions.cancel')}
      saveText={initial ? t('actions.save') : t('actions.create')}
      saving={saving}
      onSave={() => void submit()}
      saveTestId="vertical-save"
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="vertical-form" onFinish={() => void submit()}>
        {notes.length ? <Alert type="error" showIcon title={notes.join(' · ')} style={{ marginBottom: 16 }} /> : null}
        <TitleDescriptionFields schema={verticalCreate} t={t} tc={tc} testId="vertical" rows={{ minRows: 3, maxRows: 8 }} />
        {!initial ? (
          <Form.Item name="status" label={t('fields.status')} extra={t('hints.status')}>
            <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
    </EntityDrawer>
  );
}
