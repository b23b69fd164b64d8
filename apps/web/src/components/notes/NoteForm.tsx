/** The form that adds a staff note to a record (NotesPanel opens it). */
import { NOTE_CONTENT_MAX } from '@leadgrid/shared/people/notes';
import { TITLE_MAX } from '@leadgrid/shared/constants';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, requiredRule } from '../form';
import { useAddNote } from './api';
import { NS } from './i18n';

interface NoteValues {
  title?: string;
  content: string;
}

export function NoteForm({ targetSlug, onDone }: { targetSlug: string; onDone(): void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<NoteValues>();
  const add = useAddNote(targetSlug);
  const submit = async (values: NoteValues) => {
    try {
      await add.mutateAsync([{ targetSlug, title: values.title?.trim() ?? '', content: values.content.trim() }]);
      form.resetFields();
      onDone();
    } catch (err) {
      applyServerErrors(form, err);
    }
  };
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="note-form">
      <Form.Item
        name="title"
        label={t('titleField')}
        rules={[{ max: TITLE_MAX, message: tc('validation.minMaxLength') }]}
        style={{ marginBottom: 12 }}
      >
        <Input maxLength={TITLE_MAX} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('contentField')}
        rules={[requiredRule(tc), { max: NOTE_CONTENT_MAX, message: tc('validation.minMaxLength') }]}
        style={{ marginBottom: 28 }}
      >
        <Input.TextArea
          autoFocus
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={NOTE_CONTENT_MAX}
          showCount
          placeholder={t('contentPlaceholder')}
        />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{t('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('save')}
        </Button>
      </Flex>
    </Form>
  );
}
