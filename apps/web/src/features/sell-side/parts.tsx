/** Pieces the sell-side lists share. */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
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

/**
 * The title and description fields of a catalogue's drawer (platforms, verticals): the rules are the create schema's,
 * the texts the domain's (`fields.*`, `hints.title`, `placeholders.*`), the test ids `<testId>-title` and
 * `<testId>-description`.
 */
export function TitleDescriptionFields({
  schema,
  t,
  tc,
  testId,
  rows,
}: {
  schema: { shape: { title: ZodType; description: ZodType } };
  t: (key: 'fields.title' | 'hints.title' | 'placeholders.title' | 'fields.description' | 'placeholders.description') => string;
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
