/**
 * The create/edit drawer of a record: `useEntityForm` resets the form to the record's values each time the drawer
 * opens, validates before saving, and puts the server's field errors on their fields (the rest come back as notes for
 * the drawer to show); `EntityDrawer` is the drawer with its cancel and save buttons. `FormDrawer` is the drawer of a
 * form that saves on submit (antd validates it first), with the save button off until an edited record changes.
 */
import { Button, Drawer, Flex, Form, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { applyServerErrors, useRevalidateOnLanguageChange } from '../form';

export function useEntityForm<V>({ open, values, deps }: { open: boolean; values: () => Partial<V>; deps: unknown[] }): {
  form: FormInstance<V>;
  saving: boolean;
  notes: string[];
  save: (run: (values: V) => Promise<unknown>) => Promise<void>;
} {
  const [form] = Form.useForm<V>();
  useRevalidateOnLanguageChange(form);
  const [saving, setSaving] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    setNotes([]);
    form.resetFields();
    form.setFieldsValue(values() as Parameters<typeof form.setFieldsValue>[0]);
    // the record's values are read when the drawer opens or the record changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form, ...deps]);

  const save = async (run: (values: V) => Promise<unknown>) => {
    // an invalid form shows its messages on the fields: nothing more to do
    const valid = await form.validateFields().catch(() => null);
    if (!valid) return;
    setSaving(true);
    setNotes([]);
    try {
      await run(valid);
    } catch (err) {
      setNotes(applyServerErrors(form, err));
    } finally {
      setSaving(false);
    }
  };
  return { form, saving, notes, save };
}

export function EntityDrawer({
  open,
  title,
  onClose,
  size,
  cancelText,
  saveText,
  saving,
  onSave,
  saveTestId,
  keepMounted,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  size: number;
  cancelText: string;
  saveText: string;
  saving: boolean;
  onSave: () => void;
  saveTestId: string;
  /** keep the form mounted while closed */
  keepMounted?: boolean;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size={size}
      forceRender
      {...(keepMounted ? { destroyOnHidden: false } : {})}
      footer={
        <DrawerFooter
          onCancel={onClose}
          cancelText={cancelText}
          saveText={saveText}
          saving={saving}
          onSave={onSave}
          saveTestId={saveTestId}
        />
      }
    >
      {children}
    </Drawer>
  );
}

/** what a record's drawer is given: `null` as the record opens it for a new one */
export type RecordDrawerProps<K extends string, T> = { open: boolean; onClose: () => void; onSaved?: (saved: T) => void } & Record<
  K,
  T | null
>;

/**
 * The state of a `FormDrawer`: each opening resets the form to the record's values (`values`, read again when a dep
 * changes), clears the notes of the last failure and the changed mark, and runs `onOpen` for what else the caller resets.
 */
export function useFormDrawer<V>({
  open,
  values,
  deps,
  onOpen,
}: {
  open: boolean;
  values: () => Partial<V>;
  deps: unknown[];
  onOpen?: () => void;
}) {
  const [form] = Form.useForm<V>();
  useRevalidateOnLanguageChange(form);
  const [failure, setFailure] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(values() as Parameters<typeof form.setFieldsValue>[0]);
    setFailure([]);
    onOpen?.();
    setDirty(false);
    // the record's values are read when the drawer opens or the record changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form, ...deps]);
  return { form, failure, setFailure, dirty, setDirty };
}

/** a drawer's cancel and save buttons; with `lockCancel`, cancel waits while saving */
export function DrawerFooter({
  onCancel,
  cancelText,
  saveText,
  saving,
  onSave,
  saveDisabled,
  lockCancel,
  saveTestId,
}: {
  onCancel: () => void;
  cancelText: string;
  saveText: string;
  saving: boolean;
  onSave: () => void;
  saveDisabled?: boolean;
  lockCancel?: boolean;
  saveTestId: string;
}) {
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onCancel} disabled={lockCancel ? saving : undefined}>
        {cancelText}
      </Button>
      <Button type="primary" onClick={onSave} loading={saving} disabled={saveDisabled} data-testid={saveTestId}>
        {saveText}
      </Button>
    </Flex>
  );
}

/**
 * The drawer of a record's form: the form submits on save (`onFinish` gets the checked values), any change marks it
 * `onChange` (an edit can be saved once something changed: `saveDisabled`), and cancel waits while saving.
 */
export function FormDrawer<V>({
  open,
  onClose,
  size,
  title,
  form,
  onFinish,
  onChange,
  saving,
  saveDisabled,
  cancelText,
  saveText,
  saveTestId,
  formTestId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  size: number;
  title: ReactNode;
  form: FormInstance<V>;
  onFinish: (values: V) => unknown;
  onChange: () => void;
  saving: boolean;
  saveDisabled: boolean;
  cancelText: string;
  saveText: string;
  saveTestId: string;
  formTestId: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={size}
      title={title}
      forceRender
      footer={
        <DrawerFooter
          onCancel={onClose}
          cancelText={cancelText}
          saveText={saveText}
          saving={saving}
          onSave={() => form.submit()}
          saveDisabled={saveDisabled}
          lockCancel
          saveTestId={saveTestId}
        />
      }
    >
      <Form<V>
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={onChange}
        onFinish={(v) => void onFinish(v)}
        data-testid={formTestId}
      >
        {children}
      </Form>
    </Drawer>
  );
}
