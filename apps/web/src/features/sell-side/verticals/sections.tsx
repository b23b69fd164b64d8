/**
 * The frame every vertical section tab shares: one form per section, saved with `POST /verticals/:id/edit_<section>
 * {data}`; Save and Discard appear once something changed; server errors land on the exact row and field
 * (`loc` ['body','data',2,'values'] is the form field [<list>, 2, 'values']); what names no field is shown in the card.
 */
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import type { Vertical, VerticalSectionName } from '@leadgrid/shared/sell-side/verticals';
import { Alert, Button, Card, Flex, Form, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverMessageText } from '../../../api/client';
import { useRevalidateOnLanguageChange } from '../../../components/form';
import { useEditVerticalSection } from './api';
import { NS } from './i18n';

type Path = (string | number)[];

/** `loc` without its request prefix: ['body','data',2,'values'] -> [2,'values'] */
export function sectionPath(loc: readonly (string | number)[]): Path {
  const rest = loc[0] === 'body' ? loc.slice(1) : [...loc];
  return rest[0] === 'data' ? rest.slice(1) : rest;
}

/**
 * Puts each server error on the deepest form field its path reaches (an error on one country of a rule's list goes to
 * the rule's value input). Answers the messages that reach no field (a 409, an unknown id), for the card to show.
 */
export function applySectionErrors(form: FormInstance, error: unknown, prefix: Path = []): string[] {
  if (!(error instanceof ApiError)) return [];
  const registered = new Set(form.getFieldsError().map((f) => JSON.stringify(f.name)));
  const byField = new Map<string, { name: Path; errors: string[] }>();
  const rest: string[] = [];
  for (const item of error.errors) {
    const path = [...prefix, ...sectionPath(item.loc)];
    const text = serverMessageText(item.msg);
    let placed = false;
    for (let k = path.length; k > 0 && !placed; k--) {
      const key = JSON.stringify(path.slice(0, k));
      if (!registered.has(key)) continue;
      const entry = byField.get(key) ?? { name: path.slice(0, k), errors: [] };
      if (!entry.errors.includes(text)) entry.errors.push(text);
      byField.set(key, entry);
      placed = true;
    }
    if (!placed) rest.push(text);
  }
  if (byField.size) form.setFields([...byField.values()]);
  if (error.errors.length === 0) rest.push(error.message);
  return rest;
}

/** The detail page learns which section forms of the open tab have unsaved changes (to ask before leaving it). */
export const DirtyContext = createContext<(section: string, dirty: boolean) => void>(() => undefined);

export interface SectionForm<V> {
  form: FormInstance<V>;
  dirty: boolean;
  saving: boolean;
  notes: string[];
  /** mark the form changed (Form onValuesChange) */
  touch(): void;
  save(): Promise<void>;
  discard(): void;
}

/**
 * One section's form: filled from the vertical (again after each save, with what the server stored), validated,
 * saved as `{data: toData(values)}`; `prefix` is where the section's data sits in the form (['rules'] for a list).
 */
export function useSectionForm<V extends object>({
  vertical,
  section,
  toForm,
  toData,
  prefix = [],
}: {
  vertical: Vertical;
  section: VerticalSectionName;
  toForm: (v: Vertical) => V;
  toData: (values: V) => unknown;
  prefix?: Path;
}): SectionForm<V> {
  const [form] = Form.useForm<V>();
  useRevalidateOnLanguageChange(form);
  const edit = useEditVerticalSection(vertical.id);
  const [dirty, setDirtyState] = useState(false);
  const [notes, setNotes] = useState<string[]>([]);
  const reportDirty = useContext(DirtyContext);
  const convert = useRef({ toForm, toData });
  convert.current = { toForm, toData };

  const dirtyRef = useRef(false);
  const setDirty = useCallback(
    (value: boolean) => {
      dirtyRef.current = value;
      setDirtyState(value);
      reportDirty(section, value);
    },
    [reportDirty, section],
  );

  const fillFrom = useCallback(
    (v: Vertical) => {
      form.resetFields();
      form.setFieldsValue(convert.current.toForm(v) as Parameters<typeof form.setFieldsValue>[0]);
      setNotes([]);
      setDirty(false);
    },
    [form, setDirty],
  );

  // the stored section on open, and when it changes elsewhere while nothing is being edited here
  useEffect(() => {
    if (!dirtyRef.current) fillFrom(vertical);
  }, [vertical, fillFrom]);
  useEffect(() => () => reportDirty(section, false), [reportDirty, section]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setNotes([]);
    try {
      // the form shows what the server stored (normalised, with the ids of new goals)
      fillFrom(await edit.mutateAsync({ section, data: convert.current.toData(form.getFieldsValue(true) as V) }));
    } catch (err) {
      setNotes(applySectionErrors(form, err, prefix));
    }
  };

  return { form, dirty, saving: edit.isPending, notes, touch: () => setDirty(true), save, discard: () => fillFrom(vertical) };
}

/** A card holding one section form: title, what it is for, Save / Discard, messages that name no field. */
export function SectionCard<V>({
  title,
  description,
  state,
  canWrite,
  children,
  extra,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  state: SectionForm<V>;
  canWrite: boolean;
  children: ReactNode;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <span>{title}</span>
          {state.dirty ? (
            <Tag color="warning" variant="filled" data-testid="section-unsaved">
              {t('section.unsaved')}
            </Tag>
          ) : null}
        </Flex>
      }
      extra={
        <Flex gap={8} align="center">
          {extra}
          {canWrite ? (
            <>
              <Button icon={<UndoOutlined />} disabled={!state.dirty || state.saving} onClick={state.discard} data-testid="section-discard">
                {t('section.discard')}
              </Button>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={!state.dirty}
                loading={state.saving}
                onClick={() => void state.save()}
                data-testid="section-save"
              >
                {t('section.save')}
              </Button>
            </>
          ) : null}
        </Flex>
      }
      data-testid={testId}
    >
      <Flex vertical gap={16}>
        {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
        {!canWrite ? <Alert type="info" showIcon title={t('section.readOnly')} /> : null}
        {state.notes.length ? <Alert type="error" showIcon title={state.notes.join(' · ')} data-testid="section-notes" /> : null}
        {children}
      </Flex>
    </Card>
  );
}

export const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;
