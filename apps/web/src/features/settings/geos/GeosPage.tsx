/**
 * /settings/geos (front.settings.geo.read; writes geo.update): geos with their countries and alternative
 * spellings. Deleting is a status change to 'deleted' (product §4) behind a confirmation.
 */
import { CheckCircleFilled, CloseCircleOutlined, DeleteOutlined } from '@ant-design/icons';
import { GEO_LIVE_STATUSES, GEO_STATUSES, geoCreate, matchGeo, type Geo } from '@leadgrid/shared/settings/geos';
import { rules } from '@leadgrid/shared/validation';
import { Button, Drawer, Flex, Form, Input, Segmented, Select, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { actionsColumn, dateTimeColumn, EditButton, statusColumn } from '../../../components/list/columns';
import { emptyState } from '../../../components/list/CreateButton';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { BulkBar, SearchBox, useConfirmDelete, useBulkStatus, useStatusFilters } from '../../../components/listing/parts';
import { useChangeGeoStatus, useCountries, useCreateGeos, useGeos, useUpdateGeos } from '../../../api/geos';
import { NS } from './i18n';

const WRITE = 'geo.update';
const SHOWN = 4;

interface FormValues {
  title: string;
  countries: string[];
  aliases: string[];
  status: 'active' | 'inactive';
}

/** A few values as tags, the rest behind "+N more" with all of them in a tooltip. */
function TagList({ values, names, color }: { values: string[]; names?: Map<string, string>; color?: string }) {
  const { t } = useTranslation(NS);
  if (!values.length) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  const label = (v: string) => names?.get(v) ?? v;
  return (
    <Flex gap={4} wrap style={{ maxWidth: 250 }}>
      {values.slice(0, SHOWN).map((v) => (
        <Tooltip key={v} title={names ? label(v) : undefined}>
          <Tag color={color} style={{ marginInlineEnd: 0 }}>
            {v}
          </Tag>
        </Tooltip>
      ))}
      {values.length > SHOWN ? (
        <Tooltip title={values.slice(SHOWN).map(label).join(', ')}>
          <Tag style={{ marginInlineEnd: 0, cursor: 'default' }}>{t('more', { count: values.length - SHOWN })}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/** Shows how the traffic engine would read a value against the geo being edited (matchGeo of packages/shared). */
function MatchTester({ draft }: { draft: FormValues | undefined }) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const [value, setValue] = useState('');
  const trimmed = value.trim();
  const matched =
    trimmed && draft
      ? matchGeo(
          [{ id: 0, title: draft.title ?? '', mappings: { countries: draft.countries ?? [], aliases: draft.aliases ?? [] } }],
          trimmed,
        )
      : null;
  return (
    <Flex vertical gap={8} style={{ padding: 12, borderRadius: token.borderRadiusLG, background: token.colorFillQuaternary }}>
      <Typography.Text strong>{t('tester.title')}</Typography.Text>
      <Input
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('tester.placeholder')}
        allowClear
        data-testid="geo-tester"
      />
      {trimmed ? (
        <Typography.Text type={matched ? 'success' : 'secondary'} data-testid="geo-tester-result">
          {matched ? <CheckCircleFilled /> : <CloseCircleOutlined />} {t(matched ? 'tester.match' : 'tester.noMatch', { value: trimmed })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function GeoDrawer({ open, initial, onClose }: { open: boolean; initial: Geo | null; onClose(): void }) {
  const { t, i18n } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  useRevalidateOnLanguageChange(form);
  const create = useCreateGeos();
  const update = useUpdateGeos();
  const countries = useCountries(i18n.language);
  const [saving, setSaving] = useState(false);
  const draft = Form.useWatch([], form) as FormValues | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      initial
        ? {
            title: initial.title,
            countries: initial.mappings.countries,
            aliases: initial.mappings.aliases,
            status: initial.status === 'inactive' ? 'inactive' : 'active',
          }
        : { title: '', countries: [], aliases: [], status: 'active' },
    );
  }, [open, initial, form]);

  const options = useMemo(() => (countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })), [countries.data]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const mappings = { countries: values.countries ?? [], aliases: (values.aliases ?? []).map((a) => a.trim()).filter(Boolean) };
      if (initial) await update.mutateAsync([{ id: initial.id, title: values.title.trim(), mappings }]);
      else await create.mutateAsync([{ title: values.title.trim(), mappings, status: values.status }]);
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      title={initial ? t('edit') : t('create')}
      onClose={onClose}
      size={520}
      forceRender
      destroyOnHidden={false}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="geo-save">
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="geo-form">
        <Form.Item
          name="title"
          label={t('fields.title')}
          extra={t('hints.title')}
          rules={[requiredRule(tc), zodRule(geoCreate.shape.title, tc)]}
          validateFirst
        >
          <Input maxLength={200} autoFocus onPressEnter={() => void submit()} data-testid="geo-title" />
        </Form.Item>
        <Form.Item name="countries" label={t('fields.countries')} extra={t('hints.countries')}>
          <Select
            mode="multiple"
            options={options}
            loading={countries.isLoading}
            placeholder={t('placeholders.countries')}
            optionFilterProp="label"
            allowClear
            maxTagCount="responsive"
            data-testid="geo-countries"
          />
        </Form.Item>
        <Form.Item
          name="aliases"
          label={t('fields.aliases')}
          extra={t('hints.aliases')}
          rules={[
            {
              validator: async (_r, value: string[] | undefined) => {
                const list = (value ?? []).map((v) => v.trim().toLowerCase());
                if (rules.uniqueValues(list) !== true) throw new Error(tc('validation.unique'));
                if (list.some((v) => v.length > 100)) throw new Error(tc('validation.minMaxLength'));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ';']}
            placeholder={t('placeholders.aliases')}
            data-testid="geo-aliases"
          />
        </Form.Item>
        {!initial ? (
          <Form.Item name="status" label={t('fields.status')}>
            <Segmented options={GEO_LIVE_STATUSES.map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
      {/* a fresh check each time the drawer opens */}
      <MatchTester key={open ? `open-${initial?.id ?? 'new'}` : 'closed'} draft={draft} />
    </Drawer>
  );
}

export default function GeosPage() {
  const { t, i18n } = useTranslation(NS);
  const { access, timezone } = useSession();
  const canWrite = allowed(access, WRITE);
  const resource = useResourceList({ defaultOrderBy: 'title:asc', filters: ['search', 'status', 'country'], useList: useGeos });
  const { table, clearSelection } = resource;
  const countries = useCountries(i18n.language);
  const changeStatus = useChangeGeoStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const confirmDelete = useConfirmDelete();
  const statusFilters = useStatusFilters(GEO_STATUSES);
  const [editing, setEditing] = useState<Geo | 'new' | null>(null);
  const names = useMemo(() => new Map((countries.data ?? []).map((c) => [c.code, c.name])), [countries.data]);

  const remove = (ids: number[]) =>
    confirmDelete(ids.length, t('deleteTitle', { count: ids.length }), t('deleteText'), async () => {
      await changeStatus.mutateAsync(ids.map((id) => ({ id, status: 'deleted' as const })));
      resource.setSelected((s) => s.filter((id) => !ids.includes(id)));
    });

  const columns: DataColumn<Geo>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 72 },
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string) => (
        <Typography.Text strong data-testid="geo-row-title">
          {title}
        </Typography.Text>
      ),
    },
    {
      key: 'countries',
      title: t('fields.countries'),
      render: (_, row) => <TagList values={row.mappings.countries} names={names} color="geekblue" />,
    },
    { key: 'aliases', title: t('fields.aliases'), render: (_, row) => <TagList values={row.mappings.aliases} /> },
    statusColumn(t('fields.status'), statusFilters),
    dateTimeColumn('createdAt', t('fields.createdAt'), timezone),
  ];
  if (canWrite) {
    columns.push(
      actionsColumn(
        t('actions.edit'),
        (row) =>
          row.status === 'deleted' ? (
            <Tooltip title={t('deletedHint')}>
              <Typography.Text type="secondary">—</Typography.Text>
            </Tooltip>
          ) : (
            <Space size={0}>
              <EditButton label={t('actions.edit')} onClick={() => setEditing(row)} testId="geo-edit" />
              <Tooltip title={t('actions.delete')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('actions.delete')}
                  onClick={() => remove([row.id])}
                  data-testid="geo-delete"
                />
              </Tooltip>
            </Space>
          ),
        96,
      ),
    );
  }

  return (
    <ResourceListPage<Geo>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('create'), onClick: () => setEditing('new'), testId: 'geo-create' }}
      resource={resource}
      name="settings.geos"
      columns={columns}
      selectable={canWrite && { getCheckboxProps: (row) => ({ disabled: row.status === 'deleted' }) }}
      empty={emptyState(t('emptyTitle'), t('emptyText'), canWrite ? { label: t('create'), onClick: () => setEditing('new') } : undefined)}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('search')} />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={table.filters.country}
            onChange={(v?: string) => table.setFilters({ country: v ?? null })}
            options={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
            placeholder={t('placeholders.country')}
            aria-label={t('placeholders.country')}
            style={{ width: 220 }}
            data-testid="geo-country-filter"
          />
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          busy={changeStatus.isPending}
          onStatus={(status) => bulkStatus(ids, status)}
          onDelete={() => remove(ids)}
        />
      )}
    >
      <GeoDrawer open={editing !== null} initial={editing && editing !== 'new' ? editing : null} onClose={() => setEditing(null)} />
    </ResourceListPage>
  );
}
