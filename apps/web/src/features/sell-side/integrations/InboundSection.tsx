/**
 * Inbound settings: how the advertiser reports back. Postbacks (`edit_postback`): the URL to give the advertiser,
 * the parameter names it will use, an IP allow-list and a secure code. API sync (`edit_api_sync`): polling the
 * advertiser's status API every interval, with "Run sync now" on an integration (`POST /integrations/:id/api_sync`).
 */
import { KeyOutlined, SyncOutlined } from '@ant-design/icons';
import { CONVERSION_STATUS } from '@leadgrid/shared/constants';
import {
  apiSyncSection,
  isIpOrCidr,
  postbackSection,
  zCallUrl,
  type ApiSync,
  type Postback,
} from '@leadgrid/shared/sell-side/integration-sections';
import type { ApiSyncRun, Integration } from '@leadgrid/shared/sell-side/integrations';
import { API_SYNC_MIN_INTERVAL, BODY_FORMATS, HTTP_METHODS } from '@leadgrid/shared/sell-side/sell-side';
import {
  Alert,
  Button,
  Col,
  Collapse,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Segmented,
  Select,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { usePublicSettings } from '../../../api/settings';
import { EMPTY_VALUE } from '../../../components/format';
import { messageText, requiredRule, zodRule } from '../../../components/form';
import { StatusTag } from '../../../components/StatusTag';
import { useRunApiSync, useVertical, type Owner, type SectionOwnerRecord } from './api';
import { useIntT } from './i18n';
import { HeaderRows, SubTitle } from './OutboundSection';
import { ExchangeView, ListHeader, MethodSwitch, MONO, SectionCard, useCanWrite, useDuration, useSectionForm } from './parts';
import { CONVERSION_STATUS_KEYS } from './StatusMappingSection';
import { AddRowButton, RemoveRowButton } from '../../../components/RowButtons';

/* ---------- postback ---------- */

const PARAMS = ['clickIdParam', 'leadIdParam', 'statusParam', 'goalParam', 'payoutParam', 'currencyParam', 'eventIdParam'] as const;
type ParamKey = (typeof PARAMS)[number];
const MACRO: Record<ParamKey, string> = {
  clickIdParam: '{click_id}',
  leadIdParam: '{lead_id}',
  statusParam: '{status}',
  goalParam: '{goal}',
  payoutParam: '{payout}',
  currencyParam: '{currency}',
  eventIdParam: '{event_id}',
};
const DEFAULT_NAMES: Record<ParamKey, string> = {
  clickIdParam: 'click_id',
  leadIdParam: 'lead_id',
  statusParam: 'status',
  goalParam: 'goal',
  payoutParam: 'payout',
  currencyParam: 'currency',
  eventIdParam: 'event_id',
};

type PostbackValues = Record<ParamKey, string> & { ipAllowList: string[]; secureCode: string };

const toPostbackForm = (rec: SectionOwnerRecord): PostbackValues => {
  const p = rec.postback as Partial<Postback>;
  return {
    ...(Object.fromEntries(PARAMS.map((k) => [k, p[k] ?? DEFAULT_NAMES[k]])) as Record<ParamKey, string>),
    ipAllowList: [...(p.ipAllowList ?? [])],
    secureCode: p.secureCode ?? '',
  };
};
const toPostbackData = (v: PostbackValues) => ({
  ...Object.fromEntries(PARAMS.map((k) => [k, (v[k] ?? '').trim()])),
  ipAllowList: (v.ipAllowList ?? []).map((x) => x.trim()),
  secureCode: (v.secureCode ?? '').trim(),
});

/** The postback address with these parameter names (the same shape the server answers as postbackUrl). */
export function postbackAddress(origin: string, key: string, v: Partial<PostbackValues>): string {
  const query = PARAMS.map((k) => `${v[k] || DEFAULT_NAMES[k]}=${MACRO[k]}`);
  if (v.secureCode) query.push(`secure_code=${v.secureCode}`);
  return `${origin}/postback/${key}?${query.join('&')}`;
}

/** example values of a postback (a lead approved), from the integration's own status mappings and goals when it has them */
export function postbackExampleValues(
  record: Pick<SectionOwnerRecord, 'leadStatusMappings'> & { goals?: number[] },
): Record<ParamKey, string> {
  const approved = record.leadStatusMappings.find((m) => m.conversionStatus === CONVERSION_STATUS.approved) ?? record.leadStatusMappings[0];
  return {
    clickIdParam: '0192f5e4-7b1c-7a3e-9c55-3f8d2a6b1e07',
    leadIdParam: 'ADV-84213',
    statusParam: approved?.advertiserStatus ?? 'approved',
    goalParam: record.goals?.length ? String(record.goals[0]) : 'deposit',
    payoutParam: '25.00',
    currencyParam: 'USD',
    eventIdParam: 'evt-5531',
  };
}

/** the postback URL with example values in place of the macros, under the integration's parameter names */
export function postbackExample(origin: string, key: string, v: Partial<PostbackValues>, values: Record<ParamKey, string>): string {
  const query = PARAMS.map((k) => `${encodeURIComponent(v[k] || DEFAULT_NAMES[k])}=${encodeURIComponent(values[k])}`);
  if (v.secureCode) query.push(`secure_code=${encodeURIComponent(v.secureCode)}`);
  return `${origin}/postback/${key}?${query.join('&')}`;
}

/** each parameter under the integration's name, what it means, an example value; then the example URL to copy */
function PostbackHelp({ names, values, example }: { names: Partial<PostbackValues>; values: Record<ParamKey, string>; example: string }) {
  const { t } = useIntT();
  const rows = [
    ...PARAMS.map((k) => ({ key: k, name: names[k] || DEFAULT_NAMES[k], meaning: t(`postback.help.meanings.${k}`), value: values[k] })),
    ...(names.secureCode
      ? [{ key: 'secureCode', name: 'secure_code', meaning: t('postback.help.meanings.secureCode'), value: names.secureCode }]
      : []),
  ];
  return (
    <Collapse
      size="small"
      data-testid="postback-help"
      items={[
        {
          key: 'help',
          label: t('postback.help.title'),
          children: (
            <Flex vertical gap={12}>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={rows}
                data-testid="postback-help-params"
                columns={[
                  {
                    key: 'name',
                    dataIndex: 'name',
                    title: t('postback.help.param'),
                    width: 160,
                    render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
                  },
                  { key: 'meaning', dataIndex: 'meaning', title: t('postback.help.meaning') },
                  {
                    key: 'value',
                    dataIndex: 'value',
                    title: t('postback.help.example'),
                    width: 200,
                    render: (v: string) => <span style={{ fontFamily: MONO, fontSize: 12, wordBreak: 'break-all' }}>{v}</span>,
                  },
                ]}
              />
              <Flex vertical gap={4}>
                <Typography.Text strong>{t('postback.help.exampleUrl')}</Typography.Text>
                <Typography.Text
                  style={{ fontFamily: MONO, fontSize: 12.5, wordBreak: 'break-all' }}
                  copyable={{ text: example, tooltips: [t('postback.copy'), t('exchange.copied')] }}
                  data-testid="postback-example-url"
                >
                  {example}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('postback.help.exampleHint')}
                </Typography.Text>
              </Flex>
            </Flex>
          ),
        },
      ]}
    />
  );
}

const ipRule = (tc: TFunction) => ({
  validator: async (_: unknown, value: string[] | undefined) => {
    if ((value ?? []).some((x) => !isIpOrCidr(x.trim()))) throw new Error(messageText(tc, 'ip'));
  },
});

function randomCode(length = 24): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

function PostbackCard({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const canWrite = useCanWrite(owner);
  const settings = usePublicSettings();
  const origin = settings.data?.apiDomain ?? window.location.origin;
  const state = useSectionForm<PostbackValues>({ owner, record, section: 'postback', toForm: toPostbackForm, toData: toPostbackData });
  const values = Form.useWatch([], state.form) as Partial<PostbackValues> | undefined;
  const integration = owner === 'integration' ? (record as Integration) : null;
  const saved = integration ? `${origin}${integration.postbackUrl}` : null;
  const names = values ?? toPostbackForm(record);
  const key = integration?.postbackKey ?? t('postback.keyPlaceholder');
  const preview = postbackAddress(origin, key, names);
  const examples = postbackExampleValues(record);
  const shape = postbackSection.shape;

  return (
    <SectionCard
      title={t('postback.cardTitle')}
      description={t('postback.description')}
      extra={integration ? <MethodSwitch integration={integration} flag="postbackEnabled" /> : undefined}
      state={state}
      canWrite={canWrite}
      testId="section-postback"
    >
      <Flex
        vertical
        gap={6}
        style={{
          padding: '12px 14px',
          borderRadius: token.borderRadiusLG,
          background: token.colorPrimaryBg,
          border: `1px solid ${token.colorPrimaryBorder}`,
        }}
      >
        <Typography.Text strong>{integration ? t('postback.url') : t('postback.urlExample')}</Typography.Text>
        <Typography.Text
          style={{ fontFamily: MONO, fontSize: 12.5, wordBreak: 'break-all' }}
          copyable={
            integration ? { text: state.dirty ? preview : (saved ?? preview), tooltips: [t('postback.copy'), t('exchange.copied')] } : false
          }
          data-testid="postback-url"
        >
          {state.dirty || !saved ? preview : saved}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {integration ? (state.dirty ? t('postback.unsavedUrl') : t('postback.urlHint')) : t('postback.templateUrlHint')}
        </Typography.Text>
      </Flex>
      <PostbackHelp names={names} values={examples} example={postbackExample(origin, key, names, examples)} />
      <Form form={state.form} layout="vertical" onValuesChange={state.onValuesChange} disabled={!canWrite}>
        <SubTitle hint={t('postback.paramsHint')}>{t('postback.params')}</SubTitle>
        <Row gutter={16}>
          {PARAMS.map((k) => (
            <Col key={k} xs={24} md={12} xl={6}>
              <Form.Item name={k} label={t(`postback.names.${k}`)} rules={[requiredRule(tc), zodRule(shape[k].unwrap(), tc)]} validateFirst>
                <Input maxLength={100} style={{ fontFamily: MONO }} data-testid={`postback-${k}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Divider style={{ margin: '4px 0 16px' }} />
        <SubTitle>{t('postback.security')}</SubTitle>
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Form.Item name="ipAllowList" label={t('postback.ipAllowList')} extra={t('postback.ipAllowListHint')} rules={[ipRule(tc)]}>
              <Select
                mode="tags"
                tokenSeparators={[',', ' ', ';']}
                open={false}
                suffixIcon={null}
                placeholder="203.0.113.7, 198.51.100.0/24"
                data-testid="postback-ips"
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={10}>
            <Form.Item label={t('postback.secureCode')} extra={t('postback.secureCodeHint')} style={{ marginBottom: 0 }}>
              <Flex gap={8}>
                <Form.Item name="secureCode" noStyle rules={[zodRule(shape.secureCode.unwrap(), tc)]}>
                  <Input
                    maxLength={100}
                    placeholder={t('postback.noSecureCode')}
                    style={{ fontFamily: MONO }}
                    data-testid="postback-secure-code"
                  />
                </Form.Item>
                {canWrite ? (
                  <Button
                    icon={<KeyOutlined />}
                    onClick={() => {
                      state.form.setFieldValue('secureCode', randomCode());
                      state.onValuesChange();
                    }}
                  >
                    {t('postback.generate')}
                  </Button>
                ) : null}
              </Flex>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SectionCard>
  );
}

/* ---------- API sync ---------- */

interface SyncValues {
  enabled: boolean;
  request: {
    method: ApiSync['request']['method'];
    url: string;
    headers: { name: string; value: string }[];
    bodyFormat: ApiSync['request']['bodyFormat'];
    params: { name: string; value: string }[];
  };
  intervalSeconds: number;
  response: { itemsPath: string; leadIdPath: string; statusPath: string };
}

const toSyncForm = (rec: SectionOwnerRecord): SyncValues => {
  const s = rec.apiSync as Partial<ApiSync>;
  return {
    enabled: Boolean(s.enabled),
    request: {
      method: s.request?.method ?? 'GET',
      url: s.request?.url ?? '',
      headers: (s.request?.headers ?? []).map((h) => ({ ...h })),
      bodyFormat: s.request?.bodyFormat ?? 'query',
      params: (s.request?.params ?? []).map((p) => ({ ...p })),
    },
    intervalSeconds: s.intervalSeconds ?? 600,
    response: {
      itemsPath: s.response?.itemsPath ?? '',
      leadIdPath: s.response?.leadIdPath ?? '',
      statusPath: s.response?.statusPath ?? '',
    },
  };
};
const toSyncData = (v: SyncValues) => ({
  enabled: Boolean(v.enabled),
  request: {
    method: v.request.method,
    url: (v.request.url ?? '').trim(),
    headers: (v.request.headers ?? []).map((h) => ({ name: (h.name ?? '').trim(), value: h.value ?? '' })),
    bodyFormat: v.request.bodyFormat,
    params: (v.request.params ?? []).map((p) => ({ name: (p.name ?? '').trim(), value: p.value ?? '' })),
  },
  intervalSeconds: v.intervalSeconds,
  response: {
    itemsPath: (v.response.itemsPath ?? '').trim(),
    leadIdPath: (v.response.leadIdPath ?? '').trim(),
    statusPath: (v.response.statusPath ?? '').trim(),
  },
});

const SYNC_COLORS: Record<string, string> = { idle: 'default', running: 'processing', ok: 'success', failed: 'error' };

function SyncParams({ disabled }: { disabled: boolean }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const param = apiSyncSection.shape.request.shape.params.unwrap().element.shape;
  return (
    <Form.List name={['request', 'params']}>
      {(rows, { add, remove }) => (
        <Flex vertical gap={4}>
          {rows.length ? (
            <ListHeader
              columns={[{ span: 8, label: t('sync.paramName'), required: true }, { span: 14, label: t('sync.paramValue') }, { span: 2 }]}
            />
          ) : null}
          {rows.map((row) => (
            <Row key={row.key} gutter={12}>
              <Col span={8}>
                <Form.Item name={[row.name, 'name']} rules={[requiredRule(tc), zodRule(param.name, tc)]} validateFirst>
                  <Input placeholder="date_from" maxLength={100} style={{ fontFamily: MONO }} />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item name={[row.name, 'value']} rules={[zodRule(param.value, tc)]}>
                  <Input placeholder="{{macro.isoDate}}" maxLength={2000} style={{ fontFamily: MONO }} />
                </Form.Item>
              </Col>
              <Col span={2}>{!disabled ? <RemoveRowButton label={t('sync.removeParam')} onClick={() => remove(row.name)} /> : null}</Col>
            </Row>
          ))}
          {!disabled ? (
            <AddRowButton onClick={() => add({ name: '', value: '' })}>{t('sync.addParam')}</AddRowButton>
          ) : (
            rows.length === 0 && <Typography.Text type="secondary">{t('sync.noParams')}</Typography.Text>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

export function ApiSyncRunView({ run, grades = [] }: { run: ApiSyncRun; grades?: { key: string; title: string }[] }) {
  const { t } = useIntT();
  const gradeTitle = (key: string) => grades.find((g) => g.key === key)?.title ?? key;
  return (
    <Flex vertical gap={12} data-testid="api-sync-result">
      {run.error ? (
        <Alert type="error" showIcon title={t('sync.runFailed')} description={run.error} data-testid="api-sync-error" />
      ) : (
        <Alert type="success" showIcon title={t('sync.runOk', { count: run.statuses.length })} />
      )}
      {!run.error ? (
        <Table
          size="small"
          rowKey={(r) => `${r.advertiserLeadId}:${r.advertiserStatus}`}
          dataSource={run.statuses}
          pagination={run.statuses.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={{ emptyText: t('sync.noStatuses') }}
          data-testid="api-sync-statuses"
          columns={[
            {
              key: 'lead',
              dataIndex: 'advertiserLeadId',
              title: t('sync.advertiserLeadId'),
              render: (v: string) => <span style={{ fontFamily: MONO }}>{v}</span>,
            },
            {
              key: 'status',
              dataIndex: 'advertiserStatus',
              title: t('sync.advertiserStatus'),
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            {
              key: 'leadStatus',
              dataIndex: 'leadStatus',
              title: t('sync.leadStatus'),
              render: (v: string | null) => (v ? <StatusTag status={v} /> : <Tag color="warning">{t('sync.unmapped')}</Tag>),
            },
            {
              key: 'conversion',
              dataIndex: 'conversionStatus',
              title: t('sync.conversionStatus'),
              render: (v: number | null) => (v ? <StatusTag status={CONVERSION_STATUS_KEYS[v]} /> : EMPTY_VALUE),
            },
            {
              key: 'grade',
              dataIndex: 'leadGrade',
              title: t('sync.leadGrade'),
              render: (v: string | null) => (v ? gradeTitle(v) : EMPTY_VALUE),
            },
          ]}
        />
      ) : null}
      <Collapse
        size="small"
        items={[
          {
            key: 'exchange',
            label: t('sync.exchange'),
            children: <ExchangeView request={run.request} response={run.response} error={run.error} />,
          },
        ]}
      />
    </Flex>
  );
}

function RunSyncCard({ integration }: { integration: Integration }) {
  const { t } = useIntT();
  const canWrite = useCanWrite('integration');
  const run = useRunApiSync(integration.id);
  const vertical = useVertical(integration.vertical.id);
  const [result, setResult] = useState<ApiSyncRun | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const configured = Boolean((integration.apiSync as Partial<ApiSync>).request?.url);
  if (!canWrite) return null;
  const go = async () => {
    setFailure(null);
    try {
      setResult(await run.mutateAsync());
    } catch (err) {
      setResult(null);
      setFailure(err instanceof ApiError ? err.message : t('sync.runFailed'));
    }
  };
  return (
    <SectionCard title={t('sync.runTitle')} description={t('sync.runHint')} canWrite={canWrite} testId="api-sync-run">
      <Flex align="center" gap={12} wrap>
        <Tooltip title={configured ? undefined : t('sync.notConfigured')}>
          <Button
            icon={<SyncOutlined spin={run.isPending} />}
            onClick={() => void go()}
            loading={run.isPending}
            disabled={!configured}
            data-testid="api-sync-run-button"
          >
            {t('sync.runNow')}
          </Button>
        </Tooltip>
      </Flex>
      {failure ? <Alert type="error" showIcon title={failure} data-testid="api-sync-failure" /> : null}
      {result ? <ApiSyncRunView run={result} grades={vertical.data?.leadGrades} /> : null}
    </SectionCard>
  );
}

function ApiSyncCard({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const canWrite = useCanWrite(owner);
  const duration = useDuration();
  const state = useSectionForm<SyncValues>({ owner, record, section: 'api_sync', toForm: toSyncForm, toData: toSyncData });
  const form = state.form;
  const method = Form.useWatch(['request', 'method'], form);
  const interval = Form.useWatch('intervalSeconds', form);
  const integration = owner === 'integration' ? (record as Integration) : null;
  const shape = apiSyncSection.shape;
  const response = shape.response.shape;
  return (
    <SectionCard
      title={
        <Flex align="center" gap={8}>
          {t('sync.cardTitle')}
          {integration ? (
            <Tag color={SYNC_COLORS[integration.apiSyncStatus]} style={{ marginInlineEnd: 0 }} data-testid="api-sync-status">
              {t(`sync.statuses.${integration.apiSyncStatus}`)}
            </Tag>
          ) : null}
        </Flex>
      }
      description={t('sync.description')}
      extra={integration ? <MethodSwitch integration={integration} flag="apiSyncEnabled" /> : undefined}
      state={state}
      canWrite={canWrite}
      testId="section-api-sync"
    >
      <Form form={form} layout="vertical" onValuesChange={state.onValuesChange} disabled={!canWrite}>
        <Row gutter={16} align="top">
          <Col xs={24} lg={10}>
            <Form.Item name="enabled" label={t('sync.enabled')} valuePropName="checked" extra={t('sync.enabledHint')}>
              <Switch data-testid="api-sync-enabled" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={14}>
            <Form.Item
              name="intervalSeconds"
              label={t('sync.interval')}
              extra={interval ? t('sync.intervalIs', { duration: duration(interval), min: API_SYNC_MIN_INTERVAL }) : undefined}
              rules={[requiredRule(tc), zodRule(shape.intervalSeconds.unwrap(), tc)]}
              validateFirst
            >
              <InputNumber
                min={API_SYNC_MIN_INTERVAL}
                step={60}
                suffix={t('duration.secondsUnit')}
                style={{ width: 220 }}
                data-testid="api-sync-interval"
              />
            </Form.Item>
          </Col>
        </Row>
        <SubTitle hint={t('sync.requestHint')}>{t('sync.request')}</SubTitle>
        <Row gutter={12}>
          <Col flex="130px">
            <Form.Item name={['request', 'method']} label={t('out.method')} rules={[requiredRule(tc)]}>
              <Select options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} />
            </Form.Item>
          </Col>
          <Col flex="auto">
            <Form.Item name={['request', 'url']} label={t('out.url')} rules={[requiredRule(tc), zodRule(zCallUrl(), tc)]} validateFirst>
              <Input placeholder="{{baseUrl}}/leads/statuses" maxLength={2048} style={{ fontFamily: MONO }} data-testid="api-sync-url" />
            </Form.Item>
          </Col>
          <Col flex="300px">
            <Form.Item name={['request', 'bodyFormat']} label={t('out.bodyFormat')}>
              <Segmented
                options={BODY_FORMATS.map((f) => ({
                  value: f,
                  label: t(`out.bodyFormats.${f}`),
                  disabled: method === 'GET' && f !== 'query',
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={24}>
          <Col xs={24} xl={12}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 13 }}>
              {t('sync.params')}
            </Typography.Text>
            <SyncParams disabled={!canWrite} />
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 13 }}>
              {t('out.headers')}
            </Typography.Text>
            <HeaderRows form={form} disabled={!canWrite} name={['request', 'headers']} />
          </Col>
        </Row>
        <Divider style={{ margin: '16px 0' }} />
        <SubTitle hint={t('sync.responseHint')}>{t('sync.response')}</SubTitle>
        <Row gutter={16}>
          <Col xs={24} lg={8}>
            <Form.Item
              name={['response', 'itemsPath']}
              label={t('sync.itemsPath')}
              extra={t('sync.itemsPathHint')}
              rules={[zodRule(response.itemsPath, tc)]}
            >
              <Input placeholder="data.leads" style={{ fontFamily: MONO }} data-testid="api-sync-items-path" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item
              name={['response', 'leadIdPath']}
              label={t('sync.leadIdPath')}
              rules={[requiredRule(tc), zodRule(response.leadIdPath, tc)]}
              validateFirst
            >
              <Input placeholder="id" style={{ fontFamily: MONO }} data-testid="api-sync-lead-id-path" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item
              name={['response', 'statusPath']}
              label={t('sync.statusPath')}
              rules={[requiredRule(tc), zodRule(response.statusPath, tc)]}
              validateFirst
            >
              <Input placeholder="status" style={{ fontFamily: MONO }} data-testid="api-sync-status-path" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SectionCard>
  );
}

export function InboundSection({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  return (
    <Flex vertical gap={16}>
      <PostbackCard owner={owner} record={record} />
      <ApiSyncCard owner={owner} record={record} />
      {owner === 'integration' ? <RunSyncCard integration={record as Integration} /> : null}
    </Flex>
  );
}
