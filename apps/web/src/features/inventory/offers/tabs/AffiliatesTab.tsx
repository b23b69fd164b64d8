/**
 * Tab affiliates of an offer: the assigned affiliates and teams (GET /offers/:id/affiliates|teams with
 * affiliateFullNameSearch / teamTitleSearch), each with its sieve (SieveSummary columns chosen in the sieve display
 * settings, edited with SieveEditor), added with a shared sieve, removed (status inactive) or activated again with a
 * confirmation that says what happens to the campaigns of a private offer.
 */
import {
  CheckCircleOutlined,
  FilterOutlined,
  InfoCircleOutlined,
  MinusCircleOutlined,
  PlusOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Offer, OfferAffiliate, OfferLinkStatus, OfferTeam } from '@leadgrid/shared/inventory/offers';
import { EMPTY_SIEVE, type Sieve, type SieveOwner } from '@leadgrid/shared/inventory/sieves';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Segmented, Tooltip, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../../../api/client';
import { useSession } from '../../../../app/session';
import { applyServerErrors } from '../../../../components/form';
import { formatDate } from '../../../../components/format';
import {
  SieveColumnsPicker,
  SieveEditor,
  sieveColumns,
  sieveRule,
  sieveServerErrors,
  useSieveDisplaySettings,
  useSieveT,
  type SieveErrors,
} from '../../../../components/sieve';
import { StatusTag } from '../../../../components/StatusTag';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { AffiliatePicker, TeamPicker } from '../../../../components/pickers/people';
import { useEditAffiliates, useEditTeams, useOfferAffiliates, useOfferTeams } from '../api';
import { useOffersT } from '../i18n';
import { useLocalTable } from '../parts';
import { personName } from '@leadgrid/shared/people/names';

interface Row {
  id: number;
  targetId: number;
  name: string;
  sub?: string;
  status: OfferLinkStatus;
  sieve: Sieve;
  createdAt: number;
}
type Kind = 'affiliates' | 'teams';
interface Upsert {
  targetId: number;
  sieve?: Sieve;
  status: OfferLinkStatus;
}

const fromAffiliate = (a: OfferAffiliate): Row => ({
  id: a.id,
  targetId: a.affiliate.id,
  name: personName(a.affiliate),
  sub: `#${a.affiliate.id} · ${a.affiliate.email}`,
  status: a.status,
  sieve: a.sieve,
  createdAt: a.createdAt,
});
const fromTeam = (x: OfferTeam, members: (n: number) => string): Row => ({
  id: x.id,
  targetId: x.team.id,
  name: x.team.title,
  sub: `#${x.team.id} · ${members(x.membersCount)}`,
  status: x.status,
  sieve: x.sieve,
  createdAt: x.createdAt,
});

/** The add modal: who (several) and one sieve for all of them. */
function AddModal({
  kind,
  offerId,
  open,
  onClose,
  save,
}: {
  kind: Kind;
  offerId: number;
  open: boolean;
  onClose: () => void;
  save: (items: Upsert[]) => Promise<unknown>;
}) {
  const { t } = useOffersT();
  const { t: ts } = useSieveT();
  const [form] = Form.useForm<{ ids: number[]; sieve: Sieve }>();
  const [errors, setErrors] = useState<SieveErrors>();
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ids: [], sieve: EMPTY_SIEVE });
    setErrors(undefined);
    setFailure([]);
  }, [open, form]);
  const owner: SieveOwner = kind;
  const submit = async (v: { ids: number[]; sieve: Sieve }) => {
    setBusy(true);
    setFailure([]);
    try {
      await save(v.ids.map((targetId) => ({ targetId, sieve: v.sieve, status: 'active' })));
      onClose();
    } catch (err) {
      setErrors(sieveServerErrors(err, ['data', 0]));
      if (!(err instanceof ApiError)) return setFailure([(err as Error).message]);
      // sieve errors show inside the editor; the others here
      const others = new ApiError(
        err.status,
        err.message,
        err.errors.filter((e) => !e.loc.includes('sieve')),
      );
      const rest = applyServerErrors(form, others);
      setFailure(err.errors.length > 0 && others.errors.length === 0 ? [] : rest);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={720}
      title={kind === 'affiliates' ? t('assign.addAffiliates') : t('assign.addTeams')}
      okText={t('actions.add')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy, 'data-testid': `add-${kind}-submit` } as never}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="ids"
          label={kind === 'affiliates' ? t('assign.chooseAffiliates') : t('assign.chooseTeams')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }]}
        >
          {kind === 'affiliates' ? (
            <AffiliatePicker purpose="assignment" multiple data-testid="add-affiliates-picker" />
          ) : (
            <TeamPicker purpose="assignment" multiple data-testid="add-teams-picker" />
          )}
        </Form.Item>
        <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
          {t('assign.sieve')}
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {t('assign.sieveHint')}
        </Typography.Paragraph>
        <Form.Item name="sieve" rules={[sieveRule(owner, ts)]}>
          <SieveEditor owner={owner} offerId={offerId} errors={errors} />
        </Form.Item>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}

/** The sieve of one assignment. */
function SieveModal({
  kind,
  offerId,
  row,
  onClose,
  save,
}: {
  kind: Kind;
  offerId: number;
  row: Row | null;
  onClose: () => void;
  save: (items: Upsert[]) => Promise<unknown>;
}) {
  const { t } = useOffersT();
  const { t: ts } = useSieveT();
  const [form] = Form.useForm<{ sieve: Sieve }>();
  const [errors, setErrors] = useState<SieveErrors>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!row) return;
    form.resetFields();
    form.setFieldsValue({ sieve: row.sieve });
    setErrors(undefined);
    setFailure(null);
  }, [row, form]);
  const submit = async ({ sieve }: { sieve: Sieve }) => {
    if (!row) return;
    setBusy(true);
    try {
      await save([{ targetId: row.targetId, sieve, status: row.status }]);
      onClose();
    } catch (err) {
      const found = sieveServerErrors(err, ['data', 0]);
      setErrors(found);
      setFailure(Object.keys(found).length ? null : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      onCancel={onClose}
      width={720}
      title={row ? t('assign.sieveFor', { name: row.name }) : ''}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: busy, 'data-testid': 'sieve-save' } as never}
      forceRender
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t('assign.sieveHint')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="sieve" rules={[sieveRule(kind, ts)]}>
          <SieveEditor owner={kind} offerId={offerId} errors={errors} />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Form>
    </Modal>
  );
}

function AssignmentsCard({ kind, offer, canWrite }: { kind: Kind; offer: Offer; canWrite: boolean }) {
  const { t } = useOffersT();
  const { t: ts } = useSieveT();
  const { modal } = App.useApp();
  const { timezone } = useSession();
  const table = useLocalTable({ filters: { status: 'active' } });
  const [search, setSearch] = useState('');
  const display = useSieveDisplaySettings(kind);
  const searchKey = kind === 'affiliates' ? 'affiliateFullNameSearch' : 'teamTitleSearch';
  const query = { status: table.filters.status, [searchKey]: table.filters.search, limit: table.limit, offset: table.offset };
  const affiliates = useOfferAffiliates(offer.id, query, kind === 'affiliates');
  const teams = useOfferTeams(offer.id, query, kind === 'teams');
  const list = kind === 'affiliates' ? affiliates : teams;
  const editAffiliates = useEditAffiliates(offer.id);
  const editTeams = useEditTeams(offer.id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const isPrivate = offer.accessType === 3;

  const save = (items: Upsert[]) =>
    kind === 'affiliates'
      ? editAffiliates.mutateAsync(items.map(({ targetId, ...x }) => ({ affiliateId: targetId, ...x })))
      : editTeams.mutateAsync(items.map(({ targetId, ...x }) => ({ teamId: targetId, ...x })));

  const rows: Row[] =
    kind === 'affiliates'
      ? (affiliates.data?.items ?? []).map(fromAffiliate)
      : (teams.data?.items ?? []).map((x) => fromTeam(x, (n) => `${t('assign.members')}: ${n}`));

  const setStatus = (row: Row, status: OfferLinkStatus) =>
    modal.confirm({
      title:
        status === 'inactive'
          ? kind === 'affiliates'
            ? t('assign.removeAffiliate', { name: row.name })
            : t('assign.removeTeam', { name: row.name })
          : `${t('actions.activate')}: ${row.name}`,
      content: status === 'inactive' ? (isPrivate ? t('assign.removeTextPrivate') : t('assign.removeText')) : t('assign.activateText'),
      okText: status === 'inactive' ? t('actions.remove') : t('actions.activate'),
      okButtonProps: { danger: status === 'inactive' },
      cancelText: t('actions.cancel'),
      onOk: () => save([{ targetId: row.targetId, status }]),
    });

  const columns: DataColumn<Row>[] = [
    {
      key: 'name',
      title: kind === 'affiliates' ? t('assign.affiliate') : t('assign.team'),
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex gap={8} align="center" style={{ minWidth: 180, maxWidth: 280 }}>
          {kind === 'affiliates' ? <UserOutlined style={{ opacity: 0.5 }} /> : <TeamOutlined style={{ opacity: 0.5 }} />}
          <Flex vertical style={{ minWidth: 0, lineHeight: 1.3 }}>
            <Typography.Text strong ellipsis>
              {row.name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {row.sub}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { key: 'status', title: t('assign.status'), render: (_v, row) => <StatusTag status={row.status} /> },
    ...sieveColumns<Row>(
      display.keys,
      (row) => row.sieve,
      (k) => ts(`keys.${k}`),
    ),
    {
      key: 'createdAt',
      title: t('assign.since'),
      render: (s: number) => <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDate(s, timezone)}</Typography.Text>,
    },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: '',
      settingsLabel: t('columns.actions'),
      alwaysVisible: true,
      align: 'right',
      fixed: 'right',
      render: (_v, row) => (
        <Flex gap={4} justify="flex-end">
          <Tooltip title={t('actions.editSieve')}>
            <Button
              type="text"
              icon={<FilterOutlined />}
              onClick={() => setEditing(row)}
              aria-label={`${t('actions.editSieve')}: ${row.name}`}
              data-testid={`edit-sieve-${row.targetId}`}
            />
          </Tooltip>
          {row.status === 'active' ? (
            <Tooltip title={t('actions.remove')}>
              <Button
                type="text"
                danger
                icon={<MinusCircleOutlined />}
                onClick={() => setStatus(row, 'inactive')}
                aria-label={`${t('actions.remove')}: ${row.name}`}
                data-testid={`remove-${row.targetId}`}
              />
            </Tooltip>
          ) : (
            <Tooltip title={t('actions.activate')}>
              <Button
                type="text"
                icon={<CheckCircleOutlined />}
                onClick={() => setStatus(row, 'active')}
                aria-label={`${t('actions.activate')}: ${row.name}`}
              />
            </Tooltip>
          )}
        </Flex>
      ),
    });

  const add: ReactNode = canWrite ? (
    <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid={`add-${kind}`}>
      {kind === 'affiliates' ? t('assign.addAffiliates') : t('assign.addTeams')}
    </Button>
  ) : null;

  return (
    <Card
      title={kind === 'affiliates' ? t('assign.affiliates') : t('assign.teams')}
      extra={add}
      variant="borderless"
      data-testid={`offer-${kind}`}
    >
      <DataTable<Row>
        name={`offer-${kind}`}
        size="middle"
        columns={columns}
        table={table}
        data={list.data ? { items: rows, meta: list.data.meta } : undefined}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={{
          title: kind === 'affiliates' ? t('assign.emptyAffiliates') : t('assign.emptyTeams'),
          description: table.filters.search
            ? t('empty.filtered')
            : kind === 'affiliates'
              ? t('assign.emptyAffiliatesText')
              : t('assign.emptyTeamsText'),
          action: table.filters.search ? undefined : add,
        }}
        toolbar={
          <>
            <Input.Search
              allowClear
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                if (!e.target.value) table.setFilters({ search: null });
              }}
              onSearch={(v) => table.setFilters({ search: v.trim() || null })}
              placeholder={kind === 'affiliates' ? t('assign.searchAffiliates') : t('assign.searchTeams')}
              style={{ width: 260 }}
            />
            <Segmented
              value={table.filters.status ?? 'all'}
              onChange={(v) => table.setFilters({ status: v === 'all' ? null : String(v) })}
              options={(['active', 'inactive', 'all'] as const).map((s) => ({ value: s, label: t(`assign.statusFilter.${s}`) }))}
            />
            <SieveColumnsPicker display={display} />
          </>
        }
      />
      <AddModal kind={kind} offerId={offer.id} open={adding} onClose={() => setAdding(false)} save={save} />
      <SieveModal kind={kind} offerId={offer.id} row={editing} onClose={() => setEditing(null)} save={save} />
    </Card>
  );
}

export function AffiliatesTab({ offer, canWrite }: { offer: Offer; canWrite: boolean }) {
  const { t } = useOffersT();
  const isPrivate = offer.accessType === 3;
  return (
    <Flex vertical gap={20}>
      <Alert
        type={isPrivate ? 'warning' : 'info'}
        showIcon
        icon={<InfoCircleOutlined />}
        title={isPrivate ? t('assign.privateNote') : t('assign.publicNote')}
        description={t('assign.revokeNote')}
        data-testid="assign-note"
      />
      <AssignmentsCard kind="affiliates" offer={offer} canWrite={canWrite} />
      <AssignmentsCard kind="teams" offer={offer} canWrite={canWrite} />
    </Flex>
  );
}
