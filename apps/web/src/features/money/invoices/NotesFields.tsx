/** An invoice's two notes, the one on the invoice and the private one: the fields of the create drawer and the notes dialog. */
import { INVOICE_NOTES_MAX } from '@leadgrid/shared/money/invoices';
import { Form, Input } from 'antd';
import { useMoneyT } from '../i18n';

export function NotesFields({ maxRows = 5 }: { maxRows?: number }) {
  const { t } = useMoneyT();
  return (
    <>
      {(['notes', 'privateNotes'] as const).map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`create.${name}`)}
          extra={t(`create.${name}Hint`)}
          rules={[{ max: INVOICE_NOTES_MAX, message: t('validation.maxlength') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows }} maxLength={INVOICE_NOTES_MAX} />
        </Form.Item>
      ))}
    </>
  );
}
