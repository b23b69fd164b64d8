/**
 * Tab targeting of an offer: its advertiser targets (GET /offers/:id/advertisers) — the advertiser and the integration
 * its leads go through, the advertiser sieve (countries, languages, traffic sources, landers, schedule), weight, low
 * priority and status. Add (an active advertiser of the offer's vertical, then one of its integrations), edit,
 * activate / deactivate, remove. The product §4 guard refusing a removal (409) is shown in the screen.
 */
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PauseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TARGET_WEIGHT, type Offer, type OfferAdvertiser } from '@leadgrid/shared/inventory/offers';
import { EMPTY_SIEVE, type Sieve } from '@leadgrid/shared/inventory/sieves';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Segmented,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../../api/client';
import { applyServerErrors } from '../../../../components/form';
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
import { actionsColumn, RowMenu } from '../../../../components/list/columns';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { useCreateTargets, useOfferTargets, useRemoveTargets, useTargetStatus, useUpdateTargets } from '../api';
import { useOffersT } from '../i18n';
import { useLocalTable } from '../parts';
import { ActiveAdvertiserPicker, IntegrationSelect } from '../pickers';

interface TargetValues {
  advertiserId?: number;
  integrationId?: number;
  weight: number;
  lowPriority: boolean;
  status: 'active' | 'inactive';
  sieve: Sieve;
}

/** Add (target null) or edit one advertiser target. */
function TargetModal({
  offer,
  target,
  open,
  onClose,
}: {
  offer: Offer;
  target: OfferAdvertiser | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useOffersT();
  const { t: ts } = useSieveT();
  const [form] = Form.useForm<TargetValues>();
  const create = useCreateTargets();
  const update = useUpdateTargets();
  const [errors, setErrors] = useState<SieveErrors>();
  const [failure, setFailure] = useState<string[]>([]);
  const advertiserId = Form.useWatch('advertiserId', form) as number | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      target
        ? { weight: target.weight, lowPriority: target.lowPriority, status: target.status, sieve: target.sieve }
        : { weight: TARGET_WEIGHT.default, lowPriority: false, status: 'active', sieve: EMPTY_SIEVE },
    );
    setErrors(undefined);
    setFailure([]);
  }, [open, target, form]);

  const submit = async (v: TargetValues) => {
    setFailure([]);
    try {
      if (target)
        await update.mutateAsync([{ id: target.id, sieve: v.sieve, weight: v.weight, lowPriority: v.lowPriority, status: v.status }]);
      else
        await create.mutateAsync([
          {
            offerId: offer.id,
            integrationId: v.integrationId as number,
            sieve: v.sieve,
            weight: v.weight,
            lowPriority: v.lowPriority,
            status: v.status,
          },
        ]);
      onClose();
    } catch (err) {
      setErrors(sieveServerErrors(err, ['items', 0]));
      if (!(err instanceof ApiError)) return setFailure([(err as Error).message]);
      // sieve errors show inside the editor; the others on their field, or here
      const others = new ApiError(
        err.status,
        err.message,
        err.errors.filter((e) => !e.loc.includes('sieve')),
      );
      const rest = applyServerErrors(form, others);
      setFailure(err.errors.length > 0 && others.errors.length === 0 ? [] : rest);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={760}
      title={target ? t('targets.editTitle', { title: target.advertiser.title }) : t('targets.addTitle')}
      okText={target ? t('actions.save') : t('actions.add')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: create.isPending || update.isPending, 'data-testid': 'target-save' } as never}
      forceRender
    >
      <Form<TargetValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="target-form">
        {target ? (
          <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
            <Typography.Text strong>{target.advertiser.title}</Typography.Text>
            <Typography.Text type="secondary">→ {target.integration.title}</Typography.Text>
          </Flex>
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="advertiserId"
                label={t('targets.advertiser')}
                rules={[{ required: true, message: t('validation.required') }]}
              >
                <ActiveAdvertiserPicker
                  verticalId={offer.vertical.id}
                  onChange={() => form.setFieldValue('integrationId', undefined)}
                  data-testid="target-advertiser"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="integrationId"
                label={t('targets.integration')}
                rules={[{ required: true, message: t('validation.required') }]}
              >
                <IntegrationSelect advertiserId={advertiserId} data-testid="target-integration" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="weight"
              label={t('targets.weight')}
              tooltip={t('targets.weightHint')}
              rules={[{ required: true, type: 'integer', min: TARGET_WEIGHT.min, max: TARGET_WEIGHT.max, message: t('validation.minMax') }]}
            >
              <InputNumber
                min={TARGET_WEIGHT.min}
                max={TARGET_WEIGHT.max}
                precision={0}
                style={{ width: '100%' }}
                data-testid="target-weight"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="lowPriority" label={t('targets.lowPriority')} tooltip={t('targets.lowPriorityHint')} valuePropName="checked">
              <Switch data-testid="target-low-priority" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="status" label={t('targets.status')}>
              <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {t('targets.sieve')}
        </Typography.Text>
        <Form.Item name="sieve" rules={[sieveRule('advertisers', ts)]}>
          <SieveEditor owner="advertisers" offerId={offer.id} errors={errors} />
        </Form.Item>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}

export function TargetingTab({ offer, canWrite }: { offer: Offer; canWrite: boolean }) {
  const { t } = useOffersT();
  const { t: ts } = useSieveT();
  const { modal } = App.useApp();
  const table = useLocalTable();
  const [search, setSearch] = useState('');
  const display = useSieveDisplaySettings('advertisers');
  const list = useOfferTargets(offer.id, {
    status: table.filters.status,
    search: table.filters.search,
    limit: table.limit,
    offset: table.offset,
  });
  const changeStatus = useTargetStatus();
  const remove = useRemoveTargets();
  const [modalState, setModal] = useState<{ target: OfferAdvertiser | null } | null>(null);
  const [refused, setRefused] = useState<{ title: string; message: string } | null>(null);

  const askStatus = (row: OfferAdvertiser, status: 'active' | 'inactive') =>
    modal.confirm({
      title:
        status === 'active'
          ? t('targets.activateTitle', { title: row.advertiser.title })
          : t('targets.deactivateTitle', { title: row.advertiser.title }),
      content: status === 'active' ? t('targets.activateText') : t('targets.deactivateText'),
      okText: status === 'active' ? t('actions.activate') : t('actions.deactivate'),
      okButtonProps: { danger: status === 'inactive' },
      cancelText: t('actions.cancel'),
      onOk: () => changeStatus.mutateAsync([{ id: row.id, status }]),
    });

  const askRemove = (row: OfferAdvertiser) =>
    modal.confirm({
      title: t('targets.removeTitle', { title: row.advertiser.title }),
      content: t('targets.removeText'),
      okText: t('actions.remove'),
      okButtonProps: { danger: true, 'data-testid': 'target-remove-confirm' } as never,
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setRefused(null);
        try {
          await remove.mutateAsync([row.id]);
        } catch (err) {
          // the guard of product §4 (409) and any other refusal stay on the screen
          setRefused({ title: row.advertiser.title, message: err instanceof Error ? err.message : String(err) });
        }
      },
    });

  const columns: DataColumn<OfferAdvertiser>[] = [
    {
      key: 'advertiser',
      title: t('targets.advertiser'),
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex vertical style={{ minWidth: 160, maxWidth: 220, lineHeight: 1.3 }}>
          <Flex gap={6} align="center">
            <Link to={`/advertisers/${row.advertiser.id}/general`} style={{ fontWeight: 600 }}>
              {row.advertiser.title}
            </Link>
            {row.advertiser.status !== 'active' ? <StatusTag status={row.advertiser.status} /> : null}
          </Flex>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }} title={row.integration.title}>
            {row.integration.title}
            {row.integration.status !== 'active' ? ` · ${t(`status.${row.integration.status}`)}` : ''}
          </Typography.Text>
          {row.activeLanders > 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('targets.activeLanders', { count: row.activeLanders })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    ...sieveColumns<OfferAdvertiser>(
      display.keys,
      (row) => row.sieve,
      (k) => ts(`keys.${k}`),
    ),
    {
      key: 'weight',
      title: t('targets.weight'),
      render: (_v, row) => (
        <Flex gap={6} align="center" wrap={false}>
          <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{row.weight}</Typography.Text>
          {row.lowPriority ? (
            <Tooltip title={t('targets.lowPriorityHint')}>
              <Tag style={{ marginInlineEnd: 0 }}>{t('targets.low')}</Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    { key: 'status', title: t('targets.status'), render: (s: string) => <StatusTag status={s} /> },
  ];
  if (canWrite)
    columns.push(
      actionsColumn(t('columns.actions'), (row) => (
        <RowMenu
          label={t('actions.more')}
          name={row.advertiser.title}
          testId={`target-actions-${row.id}`}
          menu={{
            items: [
              { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
              row.status === 'active'
                ? { key: 'inactive', icon: <PauseCircleOutlined />, label: t('actions.deactivate') }
                : { key: 'active', icon: <CheckCircleOutlined />, label: t('actions.activate') },
              { type: 'divider' as const },
              { key: 'remove', icon: <DeleteOutlined />, label: t('actions.remove'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'edit') setModal({ target: row });
              if (key === 'active' || key === 'inactive') askStatus(row, key);
              if (key === 'remove') askRemove(row);
            },
          }}
        />
      )),
    );

  const add = canWrite ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ target: null })} data-testid="target-add">
      {t('targets.add')}
    </Button>
  ) : null;

  return (
    <Card
      title={
        <Flex vertical style={{ padding: '12px 0' }}>
          <span>{t('targets.title')}</span>
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
            {t('targets.subtitle')}
          </Typography.Text>
        </Flex>
      }
      extra={add}
      variant="borderless"
      data-testid="offer-targets"
    >
      <Flex vertical gap={12}>
        {refused ? (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setRefused(null)}
            title={`${t('targets.removeRefused')}: ${refused.title}`}
            description={refused.message}
            data-testid="target-remove-refused"
          />
        ) : null}
        <DataTable<OfferAdvertiser>
          name="offer-targets"
          size="middle"
          columns={columns}
          table={table}
          data={list.data}
          loading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          empty={{
            title: table.filters.search ? t('empty.filteredTitle') : t('targets.empty'),
            description: table.filters.search ? t('empty.filtered') : t('targets.emptyText'),
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
                placeholder={t('targets.search')}
                style={{ width: 280 }}
              />
              <Segmented
                value={table.filters.status ?? 'all'}
                onChange={(v) => table.setFilters({ status: v === 'all' ? null : String(v) })}
                options={(['all', 'active', 'inactive'] as const).map((s) => ({
                  value: s,
                  label: s === 'all' ? t('tabs.all') : t(`status.${s}`),
                }))}
              />
              <SieveColumnsPicker display={display} />
            </>
          }
        />
      </Flex>
      <TargetModal offer={offer} target={modalState?.target ?? null} open={modalState !== null} onClose={() => setModal(null)} />
    </Card>
  );
}
