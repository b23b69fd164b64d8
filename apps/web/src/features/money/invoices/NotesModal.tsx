/** The dialog that edits an invoice's notes: the one on the invoice and the private one (the invoice page opens it). */
import { Form, Modal } from 'antd';
import { applyServerErrors } from '../../../components/form';
import { useUpdateInvoices } from '../api';
import { useMoneyT } from '../i18n';
import { NotesFields } from './NotesFields';
import type { Invoice } from '../types';

export function NotesModal({ invoice, open, onClose }: { invoice: Invoice; open: boolean; onClose: () => void }) {
  const { t } = useMoneyT();
  const [form] = Form.useForm<{ notes?: string; privateNotes?: string }>();
  const update = useUpdateInvoices();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the fields show what is wrong
    try {
      await update.mutateAsync([{ id: invoice.id, notes: v.notes?.trim() || null, privateNotes: v.privateNotes?.trim() || null }]);
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    }
  };
  return (
    <Modal
      open={open}
      title={t('detail.editNotes')}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ notes: invoice.notes ?? '', privateNotes: invoice.privateNotes ?? '' }}
      >
        <NotesFields maxRows={6} />
      </Form>
    </Modal>
  );
}
