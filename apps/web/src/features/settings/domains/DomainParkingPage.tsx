/**
 * /settings/domain-parking: tracking and postback domains. Each row shows the DNS record (a CNAME to the
 * platform's public host) that makes it work; a new domain opens that instruction right after it is parked.
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { DOMAIN_TYPES, dnsInstruction, type Domain, type DomainType } from '@leadgrid/shared/settings/domains';
import { zHostName } from '@leadgrid/shared/validation';
import { Alert, Button, Flex, Form, Input, Modal, Popover, Radio, Segmented, Tag, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { dateTimeColumn, editColumn, statusColumn } from '../../../components/list/columns';
import { emptyState } from '../../../components/list/CreateButton';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { AuthorCell, BulkBar, SearchBox, useBulkStatus, useStatusFilters } from '../../../components/listing/parts';
import { useChangeDomainStatus, useCreateDomains, useDomains, useUpdateDomains } from '../../../api/domains';
import { NS } from './i18n';

const WRITE = 'domain.update';

interface FormValues {
  host: string;
  type: DomainType;
  status: 'active' | 'inactive';
}

/** The CNAME record of one parked host, each part copyable. */
export function DnsInstruction({ host, target }: { host: string; target: string }) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const record = dnsInstruction(host, target);
  const cell = (label: string, value: string, copy = true) => (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text
        code
        copyable={copy ? { text: value, tooltips: [t('dns.copy'), t('dns.copied')] } : false}
        style={{ wordBreak: 'break-all' }}
      >
        {value}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={10} style={{ maxWidth: 520 }} data-testid="dns-instruction">
      <Typography.Text type="secondary">{t('dns.text')}</Typography.Text>
      <Flex gap={20} wrap style={{ padding: '10px 12px', borderRadius: token.borderRadius, background: token.colorFillQuaternary }}>
        {cell(t('dns.type'), record.type, false)}
        {cell(t('dns.name'), record.name)}
        {cell(t('dns.value'), record.value)}
      </Flex>
    </Flex>
  );
}

function DomainForm({
  open,
  initial,
  onClose,
  onParked,
}: {
  open: boolean;
  initial: Domain | null;
  onClose(): void;
  onParked(d: Domain): void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateDomains();
  const update = useUpdateDomains();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      initial ? { host: initial.host, type: initial.type, status: initial.status } : { host: '', type: 'track', status: 'active' },
    );
  }, [open, initial, form]);

  const submit = async () => {
    // an invalid field shows its message on the form; nothing is sent
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const host = values.host.trim().toLowerCase();
      if (initial) await update.mutateAsync([{ id: initial.id, ...values, host }]);
      else onParked((await create.mutateAsync([{ ...values, host }])).items[0]);
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={initial ? t('edit') : t('create')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      forceRender
      width={520}
    >
      <Form form={form} layout="vertical" requiredMark="optional" style={{ marginTop: 16 }} data-testid="domain-form">
        <Form.Item
          name="host"
          label={t('fields.host')}
          extra={t('hostHint')}
          rules={[requiredRule(tc), zodRule(zHostName(), tc)]}
          validateFirst
        >
          <Input
            autoFocus
            placeholder="track.example.com"
            maxLength={253}
            onPressEnter={() => void submit()}
            spellCheck={false}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type')} rules={[requiredRule(tc)]} extra={type ? t(`typeHints.${type}`) : undefined}>
          <Radio.Group optionType="button" buttonStyle="solid" options={DOMAIN_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')} rules={[requiredRule(tc)]}>
          <Segmented options={ACTIVE_STATUSES.map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function DomainParkingPage() {
  const { t } = useTranslation(NS);
  const { access, timezone } = useSession();
  const canWrite = allowed(access, WRITE);
  const resource = useResourceList({ defaultOrderBy: 'id:desc', filters: ['search', 'status', 'type'], useList: useDomains });
  const { table, clearSelection } = resource;
  const changeStatus = useChangeDomainStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const statusFilters = useStatusFilters(ACTIVE_STATUSES);
  const [editing, setEditing] = useState<Domain | 'new' | null>(null);
  const [parked, setParked] = useState<Domain | null>(null);

  const columns: DataColumn<Domain>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 80 },
    {
      key: 'host',
      title: t('fields.host'),
      sortable: true,
      alwaysVisible: true,
      render: (host: string) => (
        <Typography.Text strong copyable={{ text: host }} data-testid="domain-host">
          {host}
        </Typography.Text>
      ),
    },
    {
      key: 'type',
      title: t('fields.type'),
      sortable: true,
      filters: DOMAIN_TYPES.map((v) => ({ text: t(`types.${v}`), value: v })),
      render: (type: DomainType) => <Tag color={type === 'track' ? 'geekblue' : 'purple'}>{t(`types.${type}`)}</Tag>,
    },
    statusColumn(t('fields.status'), statusFilters),
    {
      key: 'dns',
      title: t('fields.dns'),
      render: (_, row) => (
        <Flex align="center" gap={6}>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {t('dns.short', { type: dnsInstruction(row.host, row.dnsTarget).type, target: row.dnsTarget })}
          </Typography.Text>
          <Popover
            title={t('dns.title')}
            content={<DnsInstruction host={row.host} target={row.dnsTarget} />}
            trigger="click"
            placement="bottomLeft"
          >
            <Button type="text" size="small" icon={<InfoCircleOutlined />} aria-label={t('dns.title')} data-testid="dns-info" />
          </Popover>
        </Flex>
      ),
    },
    { key: 'createdBy', title: t('fields.createdBy'), render: (_, row) => <AuthorCell author={row.createdBy} /> },
    dateTimeColumn('createdAt', t('fields.createdAt'), timezone),
  ];
  if (canWrite) columns.push(editColumn<Domain>(t('actions.edit'), setEditing));

  return (
    <ResourceListPage<Domain>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('create'), onClick: () => setEditing('new'), testId: 'park-domain' }}
      resource={resource}
      name="settings.domains"
      columns={columns}
      selectable={canWrite}
      empty={emptyState(t('emptyTitle'), t('emptyText'), canWrite ? { label: t('create'), onClick: () => setEditing('new') } : undefined)}
      toolbar={<SearchBox table={table} placeholder={t('search')} />}
      bulk={(ids) => (
        <BulkBar count={ids.length} onClear={clearSelection} busy={changeStatus.isPending} onStatus={(status) => bulkStatus(ids, status)} />
      )}
    >
      <DomainForm
        open={editing !== null}
        initial={editing && editing !== 'new' ? editing : null}
        onClose={() => setEditing(null)}
        onParked={setParked}
      />
      <Modal
        open={parked !== null}
        title={t('dns.title')}
        onCancel={() => setParked(null)}
        onOk={() => setParked(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        width={600}
      >
        {parked ? (
          <Flex vertical gap={12}>
            <Alert type="success" showIcon title={t('parked', { host: parked.host })} />
            <DnsInstruction host={parked.host} target={parked.dnsTarget} />
          </Flex>
        ) : null}
      </Modal>
    </ResourceListPage>
  );
}
