/**
 * The same change to many records (offers, affiliates, teams): every part starts at "do not change" and a part left
 * there is not sent; the apply button waits until something would change. The caller lays its parts out and turns
 * the values into its request body (`build`: null while nothing would change). The server's field errors land on
 * their field; any other refusal shows under the parts, and the dialog stays open.
 */
import { Alert, Checkbox, Col, Flex, Form, Modal, Segmented, Typography, theme, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { applyServerErrors } from '../form';

export type ListMode = 'keep' | 'replace' | 'add' | 'remove';
export type FlagMode = 'keep' | 'on' | 'off';

/** a flag part's value as the request wants it: undefined (not sent), true or false */
export const flag = (mode: FlagMode) => (mode === 'keep' ? undefined : mode === 'on');

/** "do not change" and the three ways to change a list, in the caller's `bulk.*` texts */
export const listModes = (t: TFunction) => [
  { value: 'keep', label: t('bulk.keep') },
  { value: 'replace', label: t('bulk.replace') },
  { value: 'add', label: t('bulk.add') },
  { value: 'remove', label: t('bulk.remove') },
];

export const flagModes = (t: TFunction) => [
  { value: 'keep', label: t('bulk.keep') },
  { value: 'on', label: t('bulk.on') },
  { value: 'off', label: t('bulk.off') },
];

/** One framed part of the dialog; `fill` stretches it to its grid cell's height. */
export function BulkPart({ label, fill, children }: { label: string; fill?: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  const style: CSSProperties = {
    padding: '12px 14px',
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
  return (
    <Flex vertical gap={8} style={fill ? { ...style, height: '100%' } : style}>
      <Typography.Text strong>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** A list part: the way to change it, then its picker once a change is chosen. */
export function ListModePart({
  label,
  mode,
  field,
  current,
  t,
  fill,
  children,
}: {
  label: string;
  mode: string;
  field: string;
  current: ListMode | undefined;
  t: TFunction;
  /** the part fills its grid cell and the switch its width */
  fill?: boolean;
  children: ReactNode;
}) {
  return (
    <BulkPart label={label} fill={fill}>
      <Form.Item name={mode} noStyle>
        <Segmented size="small" options={listModes(t)} style={fill ? undefined : { alignSelf: 'flex-start' }} />
      </Form.Item>
      {current && current !== 'keep' ? (
        <Form.Item name={field} style={fill ? { marginBottom: 0 } : undefined} noStyle={!fill}>
          {children}
        </Form.Item>
      ) : null}
    </BulkPart>
  );
}

/** One row of a flags part (inside a Row): the flag's name and its switch. */
export function FlagRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Col span={12}>
        <Typography.Text>{label}</Typography.Text>
      </Col>
      <Col span={12}>{children}</Col>
    </>
  );
}

/**
 * One row of a dialog whose fields each wait for their checkbox (a lander's, a payment rule's bulk edit): the checkbox
 * (`name`, a boolean form field) with the field's label, then the field's controls, which the caller turns off while
 * the box is clear.
 */
export function CheckRow({
  name,
  label,
  width,
  testId,
  children,
}: {
  name: string | (string | number)[];
  label: string;
  /** the checkbox column, so that the controls of every row line up */
  width: number;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Flex align="flex-start" gap={16} style={{ minHeight: 40 }}>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Checkbox style={{ width, paddingTop: 5 }} data-testid={testId}>
          {label}
        </Checkbox>
      </Form.Item>
      <Flex gap={8} style={{ flex: 1 }} align="flex-start">
        {children}
      </Flex>
    </Flex>
  );
}

export function BulkEditModal<V extends object, B>({
  open,
  onClose,
  onDone,
  title,
  okText,
  t,
  initial,
  build,
  mutate,
  pending,
  nothing,
  width,
  keepMounted,
  testIds = {},
  children,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  title: string;
  okText: string;
  t: TFunction;
  initial: V;
  build: (values: V) => B | null;
  mutate: (body: B) => Promise<unknown>;
  pending: boolean;
  /** said when apply is pressed with nothing to change */
  nothing?: string;
  width: number;
  /** keep the form mounted while closed */
  keepMounted?: boolean;
  testIds?: { apply?: string; form?: string };
  children: (values: V | undefined, form: FormInstance<V>) => ReactNode;
}) {
  const [form] = Form.useForm<V>();
  const [failure, setFailure] = useState<string[]>([]);
  const values = Form.useWatch([], form) as V | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
    setFailure([]);
    // the initial values are a constant of the caller
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);

  const body = values ? build({ ...initial, ...values }) : null;

  const submit = async (v: V) => {
    const data = build({ ...initial, ...v });
    if (!data) return setFailure(nothing ? [nothing] : []);
    setFailure([]);
    try {
      await mutate(data);
      onDone();
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  return (
    <BulkModalFrame
      open={open}
      title={title}
      okText={okText}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      disabled={!body}
      applyTestId={testIds.apply}
      pending={pending}
      width={width}
      keepMounted={keepMounted}
    >
      <Form<V> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid={testIds.form}>
        {children(values, form)}
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 12 }} /> : null}
      </Form>
    </BulkModalFrame>
  );
}

/** the dialog of a bulk change: apply (off while nothing would change) and cancel, and `hint` above the parts */
export function BulkModalFrame({
  open,
  title,
  okText,
  cancelText,
  onOk,
  onCancel,
  disabled,
  applyTestId,
  pending,
  width,
  keepMounted,
  hint,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
  disabled: boolean;
  applyTestId?: string;
  pending: boolean;
  width: number;
  /** keep the form mounted while closed */
  keepMounted?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      onOk={onOk}
      onCancel={onCancel}
      okButtonProps={{ disabled, ...((applyTestId ? { 'data-testid': applyTestId } : {}) as Record<string, string>) }}
      confirmLoading={pending}
      width={width}
      forceRender
      destroyOnHidden={!keepMounted}
    >
      {hint ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {hint}
        </Typography.Paragraph>
      ) : null}
      {children}
    </Modal>
  );
}
