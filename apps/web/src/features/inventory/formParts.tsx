/**
 * Pieces the offer tabs share: server field errors of one `{items:[...]}` item on their form field (rows of lists
 * included), a table state kept in the component for a second table on one screen, the confirmation popups, the
 * lander macro chips, the sieve-only popup and small cells.
 */
import { FileImageOutlined, FileOutlined, FileTextOutlined, FileZipOutlined, LinkOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { LANDER_MACROS } from '@leadgrid/shared/inventory/landers';
import { macroToken, MACROS } from '@leadgrid/shared/engine/macros';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@leadgrid/shared/constants';
import type { CreativeType, Sieve, SieveKey, SieveOwner } from '@leadgrid/shared/inventory/sieves';
import { Alert, App, Button, Flex, Form, Modal, Tooltip, Typography, theme } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverMessageText, type Query } from '../../api/client';
import { SieveEditor, sieveOf, sieveRule, sieveServerErrors, SieveSummary, type SieveErrors } from '../../components/sieve';
import type { DataColumn } from '../../components/table/DataTable';
import { parseOrderBy, PAGE_SIZE_OPTIONS, type TableState } from '../../components/table/useTable';
import { NS } from './offers/tabs/i18n';
import { badMacro } from './offers/tabs/landerForm';
import { mono } from '../../components/UrlWithMacros';

export { mono };

export const useTabsT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });

export function Dash() {
  return <Typography.Text type="secondary">—</Typography.Text>;
}

/* ---------- creative types ---------- */

const ICONS: Record<CreativeType, typeof FileOutlined> = {
  image: FileImageOutlined,
  video: VideoCameraOutlined,
  link: LinkOutlined,
  archive: FileZipOutlined,
  text: FileTextOutlined,
  file: FileOutlined,
};

/** The icon of a creative type. */
export function CreativeTypeIcon({ type }: { type: CreativeType }) {
  const { token } = theme.useToken();
  const Icon = ICONS[type];
  return <Icon style={{ color: token.colorPrimary, fontSize: 16 }} aria-hidden />;
}

/* ---------- the sieve column ---------- */

/**
 * One "Sieve" column: the restricting keys of the row's sieve among those the user shows (sieve display settings),
 * as compact tags; one column rather than one per key keeps the tables inside 1440 px.
 */
export function sieveSummaryColumn<T>(
  owner: SieveOwner,
  keys: readonly SieveKey[],
  sieve: (row: T) => Sieve,
  title: string,
): DataColumn<T> {
  return {
    key: 'sieve',
    title,
    render: (_v: unknown, row: T) => (
      <div style={{ minWidth: 140, maxWidth: 200 }}>
        <SieveSummary sieve={sieve(row)} owner={owner} keys={keys} />
      </div>
    ),
  };
}

/* ---------- server errors ---------- */

const hasField = (form: FormInstance, path: (string | number)[]) => {
  let node: unknown = form.getFieldsValue(true);
  for (const part of path) {
    if (node === null || typeof node !== 'object' || !(part in (node as Record<string | number, unknown>))) return false;
    node = (node as Record<string | number, unknown>)[part];
  }
  return true;
};

/**
 * Puts the errors of one written item on the form: `loc` after `['items', <index>]` (or `['data']`) names the field;
 * a row of a list keeps its path (['additionalParameters', 2, 'name']), an item of an id list goes to the list
 * (['categoryIds', 1] -> categoryIds). Errors under `sieve` are answered for the sieve editor; the rest (and the
 * message of an error without items, or naming what a field cannot say, like an unknown macro) for an alert.
 */
export function applyItemErrors(form: FormInstance, error: unknown, index = 0): { rest: string[]; sieve: SieveErrors } {
  if (!(error instanceof ApiError)) return { rest: [], sieve: {} };
  const sieve = sieveServerErrors(error, ['items', index]);
  const fields = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const rest: string[] = [];
  for (const item of error.errors) {
    const loc = [...item.loc] as (string | number)[];
    const at = loc.findIndex((p, i) => p === 'items' && loc[i + 1] === index);
    const dataAt = loc.indexOf('data');
    const path = at >= 0 ? loc.slice(at + 2) : dataAt >= 0 ? loc.slice(dataAt + 1) : loc.slice(1);
    if (path[0] === 'sieve') continue;
    let name = path;
    while (name.length && !hasField(form, name)) name = name.slice(0, -1);
    const text = serverMessageText(item.msg);
    if (!name.length) {
      rest.push(text);
      continue;
    }
    const key = JSON.stringify(name);
    fields.set(key, { name, errors: [...(fields.get(key)?.errors ?? []), text] });
  }
  if (fields.size) form.setFields([...fields.values()]);
  // the message says more than a field can (which macro, which advertiser rule); a plain "Validation failed" does not
  if (error.errors.length === 0 || (error.message && error.message !== 'Validation failed')) rest.unshift(error.message);
  return { rest: [...new Set(rest)], sieve };
}

/** what every bulk dialog of the offer's tabs says: apply, cancel, and the hint above the fields */
export const bulkTexts = (t: TFunction) => ({ okText: t('actions.apply'), cancelText: t('actions.cancel'), hint: t('bulk.hint') });

export function FormFailure({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return <Alert type="error" showIcon title={messages.join(' ')} style={{ marginTop: 8 }} data-testid="form-failure" />;
}

/* ---------- a table state without the URL ---------- */

/**
 * The `TableState` of `useTable` kept in the component: for a second table on a screen whose URL already belongs to
 * the first one (the creatives under the landers).
 */
export function useLocalTable(options: { defaultOrderBy?: string; defaultLimit?: number; filters?: readonly string[] } = {}): TableState {
  const defaultLimit = options.defaultLimit ?? PAGE_SIZE;
  const [limit, setLimit] = useState(defaultLimit);
  const [offset, setOffset] = useState(0);
  const [orderBy, setOrderBy] = useState<string | null>(options.defaultOrderBy ?? null);
  const [filters, setFilterValues] = useState<Record<string, string | undefined>>({});
  const sort = parseOrderBy(orderBy);

  const setFilters: TableState['setFilters'] = useCallback((patch) => {
    setOffset(0);
    setFilterValues((prev) => {
      const next = { ...prev };
      for (const [key, value] of Object.entries(patch)) {
        const text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);
        next[key] = text || undefined;
      }
      return next;
    });
  }, []);
  const setPage = useCallback(
    (page: number, pageSize?: number) => {
      const size = Math.min(pageSize ?? limit, MAX_PAGE_SIZE);
      setLimit(size);
      setOffset(pageSize !== undefined && pageSize !== limit ? 0 : Math.max(0, (page - 1) * size));
    },
    [limit],
  );
  const query = useMemo<Query>(() => ({ ...filters, orderBy: orderBy ?? undefined, limit, offset }), [filters, orderBy, limit, offset]);
  return {
    query,
    limit,
    offset,
    sort,
    filters,
    page: Math.floor(offset / limit) + 1,
    setFilters,
    setPage,
    reset: () => {
      setFilterValues({});
      setOffset(0);
      setOrderBy(options.defaultOrderBy ?? null);
    },
    sortOrderOf: (field): SortOrder => (sort?.field === field ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null),
    pagination: (total) => ({
      current: Math.floor(offset / limit) + 1,
      pageSize: limit,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
    }),
    onChange: (pagination, tableFilters, sorter, extra) => {
      if (extra.action === 'paginate') setPage(pagination.current ?? 1, pagination.pageSize);
      else if (extra.action === 'sort') {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = s?.order ? String(s.columnKey ?? s.field) : null;
        setOrderBy(field && s?.order ? `${field}:${s.order === 'ascend' ? 'asc' : 'desc'}` : null);
        setOffset(0);
      } else if (extra.action === 'filter') {
        const patch: Record<string, readonly (string | number)[] | null> = {};
        for (const [key, value] of Object.entries(tableFilters)) patch[key] = value ? (value as (string | number)[]) : null;
        setFilters(patch);
      }
    },
  };
}

/* ---------- confirmations ---------- */

/** Asks before a status change (product §4): "Deactivate 3 caps?" */
export function useConfirmStatus(kind: 'landers' | 'creatives' | 'caps' | 'rules') {
  const { modal } = App.useApp();
  const { t } = useTabsT();
  return (count: number, status: 'active' | 'inactive', run: () => Promise<unknown>) =>
    modal.confirm({
      title: t(`confirm.${status === 'active' ? 'activate' : 'deactivate'}.${kind}`, { count }),
      content: t(`confirm.${status === 'active' ? 'activateText' : 'deactivateText'}.${kind}`, { count }),
      okText: status === 'active' ? t('actions.activate') : t('actions.deactivate'),
      okButtonProps: { danger: status === 'inactive' },
      cancelText: t('actions.cancel'),
      onOk: () => run().catch(() => undefined),
    });
}

/* ---------- macro chips ---------- */

/** Chips that insert a lander macro (click, offer and partner macros, never staff-only ones) into a URL field. */
export function MacroChips({ onInsert, disabled }: { onInsert: (token: string) => void; disabled?: boolean }) {
  const { t } = useTabsT();
  const defs = new Map(MACROS.map((m) => [m.name, m]));
  return (
    <Flex vertical gap={4} style={{ marginTop: 6 }} data-testid="lander-macros">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('landers.macrosHint')}
      </Typography.Text>
      <Flex gap={4} wrap>
        {LANDER_MACROS.map((name) => (
          <Tooltip key={name} title={t(`macros.${name}`, { defaultValue: defs.get(name)?.description ?? name })} mouseEnterDelay={0.4}>
            <Button size="small" disabled={disabled} onClick={() => onInsert(macroToken(name))} style={mono} data-testid={`macro-${name}`}>
              {macroToken(name)}
            </Button>
          </Tooltip>
        ))}
      </Flex>
    </Flex>
  );
}

/** A lander URL or parameter value may carry the lander macros only: the first other `{...}` is named. */
export const macroRule = (t: TFunction): Rule => ({
  validator: async (_rule, value) => {
    const bad = badMacro(value as string);
    if (bad !== null) throw new Error(t('offerTabs:landers.unknownMacro', { macro: `{${bad}}` }));
  },
});

/** Inserts `token` at the cursor of an input of the form (or at the end) and gives the focus back. */
export function insertAtCursor(
  form: FormInstance,
  name: string | (string | number)[],
  input: HTMLInputElement | null | undefined,
  token: string,
) {
  const current: string = form.getFieldValue(name) ?? '';
  const start = input?.selectionStart ?? current.length;
  const end = input?.selectionEnd ?? current.length;
  form.setFieldValue(name, current.slice(0, start) + token + current.slice(end));
  void form.validateFields([name]).catch(() => undefined);
  requestAnimationFrame(() => {
    input?.focus();
    input?.setSelectionRange(start + token.length, start + token.length);
  });
}

/* ---------- the sieve alone ---------- */

/**
 * A popup that edits only a sieve (a row's, or one for many rows): the shared editor, its rules, and the server's
 * errors on the sieve's own fields.
 */
export function SieveModal({
  open,
  owner,
  title,
  note,
  offerId,
  initial,
  onClose,
  onSave,
}: {
  open: boolean;
  owner: SieveOwner;
  title: ReactNode;
  note?: ReactNode;
  offerId?: number;
  initial: Sieve | null;
  onClose: () => void;
  /** answers when saved; throws the server's error */
  onSave: (sieve: Sieve) => Promise<unknown>;
}) {
  const { t } = useTabsT();
  const [form] = Form.useForm<{ sieve: Sieve }>();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<SieveErrors>({});
  const [failure, setFailure] = useState<string[]>([]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ sieve: sieveOf(owner, initial) });
    setErrors({});
    setFailure([]);
  }, [open, initial, owner, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    setFailure([]);
    try {
      await onSave(sieveOf(owner, values.sieve));
      onClose();
    } catch (err) {
      const sieve = err instanceof ApiError ? { ...sieveServerErrors(err, ['items', 0]), ...sieveServerErrors(err, ['data']) } : {};
      setErrors(sieve);
      if (err instanceof ApiError && !Object.keys(sieve).length) setFailure([err.message]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      width={640}
      forceRender
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'sieve-modal-save' } as Record<string, string>}
    >
      {note ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {note}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" data-testid="sieve-modal-form">
        <Form.Item name="sieve" rules={[sieveRule(owner, t)]} style={{ marginBottom: 0 }}>
          <SieveEditor owner={owner} offerId={offerId} errors={errors} />
        </Form.Item>
      </Form>
      <FormFailure messages={failure} />
    </Modal>
  );
}
