/**
 * /settings/currencies/{id} (currency.update): one currency, its rate history (every rate change is kept) and a
 * converter that prices an amount at the rates of a chosen moment.
 */
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  ReloadOutlined,
  SwapRightOutlined,
} from '@ant-design/icons';
import type { Currency, CurrencyRate } from '@leadgrid/shared/money/currencies';
import { rules } from '@leadgrid/shared/validation';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
import { AuthorCell, useConfirmStatus } from '../../../components/listing/parts';
import { useAllCurrencies, useChangeCurrencyStatus, useConversion, useCurrency, useCurrencyRates } from '../../../api/currencies';
import { RateCell } from './parts';
import { NS } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const CurrencyDrawer = lazyWhenOpen(() => import('./CurrencyDrawer').then((m) => m.CurrencyDrawer));

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

function RateHistory({ currency, base }: { currency: Currency; base: string }) {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const table = useTable({ defaultOrderBy: 'validFrom:desc' });
  const rates = useCurrencyRates(currency.id, { limit: table.limit, offset: table.offset });
  const columns: DataColumn<CurrencyRate>[] = [
    {
      key: 'validFrom',
      title: t('fields.validFrom'),
      alwaysVisible: true,
      render: (s: number) => <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s, timezone)}</Typography.Text>,
    },
    {
      key: 'rate',
      title: t('fields.rate'),
      align: 'right',
      render: (rate: string) => <RateCell rate={rate} code={currency.code} base={base} />,
    },
    { key: 'createdBy', title: t('fields.createdBy'), render: (author: CurrencyRate['createdBy']) => <AuthorCell author={author} /> },
  ];
  return (
    <Card variant="borderless" title={t('history.title')}>
      <DataTable<CurrencyRate>
        name="settings.currencyRates"
        columns={columns}
        table={table}
        data={rates.data}
        loading={rates.isFetching}
        error={rates.error}
        onRetry={() => void rates.refetch()}
        empty={{ title: t('history.empty'), description: ' ' }}
        size="small"
      />
    </Card>
  );
}

function Converter({ currency, base }: { currency: Currency; base: string }) {
  const { t } = useTranslation(NS);
  const all = useAllCurrencies();
  const [amount, setAmount] = useState('100');
  const [to, setTo] = useState<string | undefined>(undefined);
  const [at, setAt] = useState<Dayjs | null>(null);
  const target = to ?? (currency.code === base ? all.data?.find((c) => !c.isBase)?.code : base);
  const deferred = useDeferredValue(amount.trim());
  const valid = deferred !== '' && rules.floatNumber(deferred) === true;
  const query =
    valid && target ? { amount: deferred.replace(',', '.'), from: currency.code, to: target, ...(at ? { at: at.unix() } : {}) } : null;
  const result = useConversion(query);
  return (
    <Card variant="borderless" title={t('converter.title')} data-testid="currency-converter">
      <Flex vertical gap={12}>
        <Row gutter={8}>
          <Col span={12}>
            <Input
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              suffix={currency.code}
              inputMode="decimal"
              status={amount.trim() && !valid ? 'error' : undefined}
              aria-label={t('converter.amount')}
            />
          </Col>
          <Col span={12}>
            <Select
              value={target}
              onChange={setTo}
              options={(all.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: '100%' }}
              prefix={<SwapRightOutlined />}
              aria-label={t('converter.to')}
            />
          </Col>
        </Row>
        <DatePicker
          showTime
          value={at}
          onChange={setAt}
          placeholder={`${t('converter.at')}: ${t('converter.now')}`}
          style={{ width: '100%' }}
        />
        {result.error ? (
          <Alert type="warning" showIcon title={result.error instanceof ApiError ? result.error.message : String(result.error)} />
        ) : result.data && query ? (
          <Flex vertical gap={2}>
            <Typography.Title level={4} style={{ margin: 0, ...mono }} data-testid="converter-result">
              {t('converter.result', {
                amount: result.data.amount,
                from: result.data.from,
                result: result.data.result,
                to: result.data.to,
              })}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('converter.rates', {
                from: result.data.from,
                fromRate: result.data.fromRate,
                to: result.data.to,
                toRate: result.data.toRate,
                base,
              })}
            </Typography.Text>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

export default function CurrencyDetailPage() {
  const { t } = useTranslation(NS);
  const { timezone } = useSession();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const detail = useCurrency(id);
  const all = useAllCurrencies();
  const changeStatus = useChangeCurrencyStatus();
  const confirmStatus = useConfirmStatus();
  const [editing, setEditing] = useState(false);
  const currency = detail.data;
  const base = all.data?.find((c) => c.isBase)?.code ?? (currency?.isBase ? currency.code : '');
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/settings/currencies/active')}>
      {t('back')}
    </Button>
  );

  if (detail.error) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Page title={t('title')}>
        <Card variant="borderless">
          <Result
            status={missing ? '404' : 'warning'}
            title={missing ? t('notFound') : detail.error.message}
            extra={[
              back,
              missing ? null : (
                <Button key="retry" icon={<ReloadOutlined />} onClick={() => void detail.refetch()}>
                  {t('actions.retry')}
                </Button>
              ),
            ]}
          />
        </Card>
      </Page>
    );
  }

  const next = currency?.status === 'active' ? 'inactive' : 'active';
  return (
    <Page
      title={
        currency ? (
          <Flex gap={10} align="center">
            <span style={mono}>{currency.code}</span>
            <Typography.Text type="secondary" style={{ fontSize: 20, fontWeight: 400 }}>
              {currency.name}
            </Typography.Text>
            {currency.isBase ? <Tag color="blue">{t('base')}</Tag> : null}
          </Flex>
        ) : (
          t('title')
        )
      }
      extra={
        <>
          {back}
          {currency ? (
            <>
              <Tooltip title={currency.isBase ? t('baseLocked') : undefined}>
                <Button
                  icon={next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                  disabled={currency.isBase}
                  loading={changeStatus.isPending}
                  onClick={() => confirmStatus(1, next, () => changeStatus.mutateAsync([{ id, status: next }]))}
                  data-testid="currency-status"
                >
                  {t(next === 'active' ? 'activate' : 'deactivate')}
                </Button>
              </Tooltip>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="currency-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Row gutter={[20, 20]}>
        <Col xs={24} xl={14}>
          <Card variant="borderless">
            {!currency ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : (
              <Descriptions
                column={{ xs: 1, md: 2 }}
                colon={false}
                styles={{ label: { width: 150 } }}
                items={[
                  { key: 'code', label: t('fields.code'), children: <span style={mono}>{currency.code}</span> },
                  { key: 'status', label: t('fields.status'), children: <StatusTag status={currency.status} /> },
                  { key: 'name', label: t('fields.name'), children: currency.name },
                  { key: 'title', label: t('fields.title'), children: currency.title },
                  { key: 'symbol', label: t('fields.symbol'), children: currency.symbol },
                  { key: 'symbolNative', label: t('fields.symbolNative'), children: currency.symbolNative },
                  {
                    key: 'rate',
                    label: t('fields.rate'),
                    children: (
                      <Typography.Text strong style={mono} data-testid="currency-detail-rate">
                        {t('rateLine', { base, rate: currency.rate, code: currency.code })}
                      </Typography.Text>
                    ),
                  },
                  { key: 'rateUpdatedAt', label: t('fields.rateUpdatedAt'), children: formatDateTime(currency.rateUpdatedAt, timezone) },
                  { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(currency.createdAt, timezone) },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          {currency ? (
            <Converter currency={currency} base={base} />
          ) : (
            <Card variant="borderless">
              <Skeleton active />
            </Card>
          )}
        </Col>
        <Col span={24}>{currency ? <RateHistory currency={currency} base={base} /> : null}</Col>
      </Row>
      <CurrencyDrawer open={editing} initial={currency ?? null} base={base} onClose={() => setEditing(false)} />
    </Page>
  );
}
