/** Pieces the sell-side lists share. */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { EntityDrawer, useEntityForm } from '../../components/drawer/EntityDrawer';
import { requiredRule, zodRule } from '../../components/form';
import type { StatusTab } from '../../components/list/RouteTabs';

type EmptyKey =
  'emptyFilteredTitle' | 'emptyFilteredText' | 'emptyInactiveTitle' | 'emptyInactiveText' | 'emptyTitle' | 'emptyText' | 'create';

/** The empty state of a list with status tabs (platforms, verticals): nothing matches, nothing inactive, or the first to create. */
export function statusListEmpty(
  t: (key: EmptyKey) => string,
  { filtered, tab, create }: { filtered: boolean; tab: StatusTab; create?: () => void },
) {
  if (filtered) return { title: t('emptyFilteredTitle'), description: t('emptyFilteredText') };
  return {
    title: tab === 'inactive' ? t('emptyInactiveTitle') : t('emptyTitle'),
    description: tab === 'inactive' ? t('emptyInactiveText') : t('emptyText'),
    action:
      create && tab !== 'inactive' ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('create')}
        </Button>
      ) : undefined,
  };
}

type TitleDescriptionKey = 'fields.title' | 'hints.title' | 'placeholders.title' | 'fields.description' | 'placeholders.description';
type CatalogueStatus = 'active' | 'inactive';
type CatalogueValues<X> = X & { title: string; description: string; status: CatalogueStatus };

/** what a catalogue's drawer is opened with: the record to edit (null for a new one), and who hears of the save */
export interface CatalogueDrawerProps<T> {
  open: boolean;
  initial: T | null;
  onClose(): void;
  onSaved?(item: T): void;
}

/**
 * The create/edit drawer of a catalogue (platforms, verticals): title and description, the domain's own fields
 * (`children`, their values from `extra`), and the status of a new record; a new record is created with its status,
 * an edited one sends its id and fields. Test ids `<testId>-form`, `<testId>-save` and those of the title fields.
 */
export function CatalogueDrawer<T extends { id: number; title: string; description: string }, X extends object>({
  open,
  initial,
  onClose,
  onSaved,
  ns,
  schema,
  testId,
  rows,
  create,
  update,
  extra,
  statusHint = false,
  submitOnEnter = false,
  children,
}: CatalogueDrawerProps<T> & {
  /** the domain's texts (`edit`, `create`, `actions.*`, `fields.*`, `hints.*`, `placeholders.*`) */
  ns: string;
  schema: { shape: { title: ZodType; description: ZodType } };
  testId: string;
  rows: { minRows: number; maxRows: number };
  create(items: (X & { title: string; description: string; status: CatalogueStatus })[]): Promise<{ items: T[] }>;
  update(items: (X & { id: number; title: string; description: string })[]): Promise<{ items: T[] }>;
  /** the domain's own fields: their values for the record (or a new one) and what the form's values send */
  extra: { values(initial: T | null): X; item(values: X): X };
  /** the status field explains itself (`hints.status`) */
  statusHint?: boolean;
  /** Enter in a field saves */
  submitOnEnter?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const { t: tc } = useTranslation();
  const { form, saving, notes, save } = useEntityForm<CatalogueValues<X>>({
    open,
    deps: [initial],
    values: () =>
      (initial
        ? { title: initial.title, description: initial.description, ...extra.values(initial) }
        : { title: '', description: '', ...extra.values(null), status: 'active' }) as Partial<CatalogueValues<X>>,
  });

  const submit = () =>
    save(async (values) => {
      const item = { title: values.title.trim(), description: (values.description ?? '').trim(), ...extra.item(values) };
      const saved = initial ? await update([{ id: initial.id, ...item }]) : await create([{ ...item, status: values.status }]);
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
      saveTestId={`${testId}-save`}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        data-testid={`${testId}-form`}
        onFinish={submitOnEnter ? () => void submit() : undefined}
      >
        {notes.length ? <Alert type="error" showIcon title={notes.join(' · ')} style={{ marginBottom: 16 }} /> : null}
        <TitleDescriptionFields schema={schema} t={t} tc={tc} testId={testId} rows={rows} />
        {children}
        {!initial ? (
          <Form.Item name="status" label={t('fields.status')} extra={statusHint ? t('hints.status') : undefined}>
            <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
    </EntityDrawer>
  );
}

/**
 * The title and description fields of a catalogue's drawer (platforms, verticals): the rules are the create schema's,
 * the texts the domain's (`fields.*`, `hints.title`, `placeholders.*`), the test ids `<testId>-title` and
 * `<testId>-description`.
 */
function TitleDescriptionFields({
  schema,
  t,
  tc,
  testId,
  rows,
}: {
  schema: { shape: { title: ZodType; description: ZodType } };
  t: (key: TitleDescriptionKey) => string;
  tc: TFunction;
  testId: string;
  rows: { minRows: number; maxRows: number };
}) {
  return (
    <>
      <Form.Item
        name="title"
        label={t('fields.title')}
        extra={t('hints.title')}
        rules={[requiredRule(tc), zodRule(schema.shape.title, tc)]}
        validateFirst
      >
        <Input maxLength={200} autoFocus placeholder={t('placeholders.title')} data-testid={`${testId}-title`} />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[zodRule(schema.shape.description, tc)]}>
        <Input.TextArea
          autoSize={rows}
          maxLength={2000}
          showCount
          placeholder={t('placeholders.description')}
          data-testid={`${testId}-description`}
        />
      </Form.Item>
    </>
  );
}
