/**
 * Outbound settings: how a lead is sent (`edit_out_api_mappings`: method, URL, headers, body format, field mappings,
 * timeout, response mapping) and where the visitor goes next (`edit_redirect`). On an integration, "send a test lead"
 * follows (TestSendCard).
 */
import {
  fieldMappingSchema,
  outApiSection,
  redirectSection,
  responseMappingSchema,
  zCallUrl,
  type FieldMapping,
  type OutApi,
  type Redirect,
} from '@leadgrid/shared/sell-side/integration-sections';
import type { Integration } from '@leadgrid/shared/sell-side/integrations';
import {
  BODY_FORMATS,
  COOKIE_STORAGE_MAX_SECONDS,
  HTTP_METHODS,
  MAPPING_SOURCES,
  OUT_API_MACROS,
  OUT_API_TIMEOUT,
  REDIRECT_METHODS,
} from '@leadgrid/shared/sell-side/sell-side';
import { Alert, Checkbox, Col, Divider, Flex, Form, Input, InputNumber, Radio, Row, Segmented, Select, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { messageText, requiredRule, zodRule } from '../../../components/form';
import { useVertical, type Owner, type SectionOwnerRecord } from './api';
import { useIntT } from './i18n';
import { useLeadFields, type LeadField } from './leadFields';
import { ListEmpty, ListHeader, MethodSwitch, MONO, SectionCard, useCanWrite, useDuration, useSectionForm } from './parts';
import { TestSendCard } from './TestSendCard';
import { AddRowButton, RemoveRowButton } from '../../../components/RowButtons';

/* ---------- outbound API ---------- */

interface OutValues {
  method: OutApi['method'];
  url: string;
  headers: { name: string; value: string }[];
  bodyFormat: OutApi['bodyFormat'];
  fieldMappings: { target: string; source?: FieldMapping['source']; value: string }[];
  timeoutMs: number;
  response: {
    successStatuses: (number | string)[];
    successPath: string;
    successValue: string;
    leadIdPath: string;
    redirectUrlPath: string;
    errorPath: string;
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function outApiFormValues(raw: Record<string, unknown>): OutValues {
  const r = (raw.response ?? {}) as Record<string, unknown>;
  return {
    method: (raw.method as OutApi['method']) ?? 'POST',
    url: str(raw.url),
    headers: ((raw.headers as OutValues['headers']) ?? []).map((h) => ({ ...h })),
    bodyFormat: (raw.bodyFormat as OutApi['bodyFormat']) ?? 'json',
    fieldMappings: ((raw.fieldMappings as OutValues['fieldMappings']) ?? []).map((m) => ({ ...m })),
    timeoutMs: typeof raw.timeoutMs === 'number' ? raw.timeoutMs : OUT_API_TIMEOUT.default,
    response: {
      successStatuses: Array.isArray(r.successStatuses) ? (r.successStatuses as number[]) : [],
      successPath: str(r.successPath),
      successValue: str(r.successValue),
      leadIdPath: str(r.leadIdPath),
      redirectUrlPath: str(r.redirectUrlPath),
      errorPath: str(r.errorPath),
    },
  };
}
const toOutForm = (rec: SectionOwnerRecord) => outApiFormValues(rec.outApi);
const toOutData = (v: OutValues) => ({
  method: v.method,
  url: (v.url ?? '').trim(),
  headers: (v.headers ?? []).map((h) => ({ name: (h.name ?? '').trim(), value: h.value ?? '' })),
  bodyFormat: v.bodyFormat,
  fieldMappings: (v.fieldMappings ?? []).map((m) => ({ target: (m.target ?? '').trim(), source: m.source, value: m.value ?? '' })),
  timeoutMs: v.timeoutMs,
  response: {
    successStatuses: (v.response?.successStatuses ?? []).map(Number),
    successPath: (v.response?.successPath ?? '').trim(),
    successValue: v.response?.successPath?.trim() ? (v.response?.successValue ?? '') : undefined,
    leadIdPath: (v.response?.leadIdPath ?? '').trim(),
    redirectUrlPath: (v.response?.redirectUrlPath ?? '').trim(),
    errorPath: (v.response?.errorPath ?? '').trim(),
  },
});

const uniqueIn = (form: FormInstance, list: string | (string | number)[], key: string, index: number, tc: TFunction) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const mine = (value ?? '').trim().toLowerCase();
    const rows: Record<string, string>[] = form.getFieldValue(list) ?? [];
    if (mine && rows.some((r, i) => i < index && (r?.[key] ?? '').trim().toLowerCase() === mine))
      throw new Error(messageText(tc, 'unique'));
  },
});

const statusCodesRule = (tc: TFunction) => ({
  validator: async (_: unknown, value: (string | number)[] | undefined) => {
    const bad = (value ?? []).some((v) => !/^\d{3}$/.test(String(v)) || Number(v) < 100 || Number(v) > 599);
    if (bad) throw new Error(messageText(tc, 'minMax'));
  },
});

/** Placeholders an operator may type in URLs, headers and constants, each copyable. */
function Placeholders({ parameters, fields }: { parameters: string[]; fields: LeadField[] }) {
  const { t } = useIntT();
  const token = (text: string) => (
    <Typography.Text key={text} code copyable={{ text }} style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  return (
    <Flex vertical gap={4} style={{ fontSize: 12 }} data-testid="placeholders">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('out.placeholders')}
      </Typography.Text>
      <Flex wrap gap={4} align="center">
        {parameters.length ? (
          parameters.map((p) => token(`{{${p}}}`))
        ) : (
          <Typography.Text type="secondary">{t('out.noParameters')}</Typography.Text>
        )}
        {token(`{{lead.${fields[0]?.name ?? 'email'}}}`)}
        {token('{{macro.leadId}}')}
      </Flex>
    </Flex>
  );
}

function MappingValue({ form, name, fields, parameters }: { form: FormInstance; name: number; fields: LeadField[]; parameters: string[] }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  return (
    <Form.Item noStyle shouldUpdate={(a: OutValues, b: OutValues) => a.fieldMappings?.[name]?.source !== b.fieldMappings?.[name]?.source}>
      {() => {
        const source = form.getFieldValue(['fieldMappings', name, 'source']) as FieldMapping['source'] | undefined;
        const path = [name, 'value'];
        if (source === 'lead')
          return (
            <Form.Item name={path} rules={[requiredRule(tc)]}>
              <Select
                showSearch={{ optionFilterProp: 'search' }}
                placeholder={t('out.chooseField')}
                options={fields.map((f) => ({
                  value: f.name,
                  search: `${f.name} ${f.label}`,
                  label: (
                    <Flex justify="space-between" gap={8}>
                      <span>{f.label}</span>
                      <Typography.Text type="secondary" style={{ fontFamily: MONO, fontSize: 12 }}>
                        {f.name}
                      </Typography.Text>
                    </Flex>
                  ),
                }))}
                aria-label={t('out.value')}
                data-testid="mapping-value"
              />
            </Form.Item>
          );
        if (source === 'macro')
          return (
            <Form.Item name={path} rules={[requiredRule(tc)]}>
              <Select
                placeholder={t('out.chooseMacro')}
                options={OUT_API_MACROS.map((m) => ({ value: m, label: t(`macros.${m}`) }))}
                aria-label={t('out.value')}
                data-testid="mapping-value"
              />
            </Form.Item>
          );
        if (source === 'parameter')
          return (
            <Form.Item name={path} rules={[requiredRule(tc)]}>
              <Select
                placeholder={parameters.length ? t('out.chooseParameter') : t('out.noParameters')}
                options={parameters.map((p) => ({ value: p, label: <span style={{ fontFamily: MONO }}>{p}</span> }))}
                notFoundContent={t('out.noParameters')}
                aria-label={t('out.value')}
                data-testid="mapping-value"
              />
            </Form.Item>
          );
        return (
          <Form.Item name={path} rules={[zodRule(fieldMappingSchema.shape.value, tc)]}>
            <Input placeholder={t('out.constantPlaceholder')} maxLength={2000} data-testid="mapping-value" />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}

const MAP_SPANS = [7, 5, 10, 2];

function FieldMappings({
  form,
  fields,
  parameters,
  disabled,
}: {
  form: FormInstance;
  fields: LeadField[];
  parameters: string[];
  disabled: boolean;
}) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  return (
    <Form.List name="fieldMappings">
      {(rows, { add, remove }) => (
        <Flex vertical gap={4} data-testid="field-mappings">
          {rows.length === 0 ? (
            <ListEmpty title={t('out.mappingsEmptyTitle')} text={t('out.mappingsEmptyText')} />
          ) : (
            <ListHeader
              columns={[
                { span: MAP_SPANS[0], label: t('out.target'), required: true },
                { span: MAP_SPANS[1], label: t('out.source'), required: true },
                { span: MAP_SPANS[2], label: t('out.value') },
                { span: MAP_SPANS[3] },
              ]}
            />
          )}
          {rows.map((row, index) => (
            <Row key={row.key} gutter={12} data-testid={`field-mapping-row-${index}`}>
              <Col span={MAP_SPANS[0]}>
                <Form.Item
                  name={[row.name, 'target']}
                  rules={[
                    requiredRule(tc),
                    zodRule(fieldMappingSchema.shape.target, tc),
                    uniqueIn(form, 'fieldMappings', 'target', index, tc),
                  ]}
                  validateFirst
                >
                  <Input placeholder="first_name" maxLength={100} style={{ fontFamily: MONO }} data-testid="mapping-target" />
                </Form.Item>
              </Col>
              <Col span={MAP_SPANS[1]}>
                <Form.Item name={[row.name, 'source']} rules={[requiredRule(tc)]}>
                  <Select
                    options={MAPPING_SOURCES.map((s) => ({ value: s, label: t(`out.sources.${s}`) }))}
                    onChange={() => form.setFieldValue(['fieldMappings', row.name, 'value'], undefined)}
                    aria-label={t('out.source')}
                    data-testid="mapping-source"
                  />
                </Form.Item>
              </Col>
              <Col span={MAP_SPANS[2]}>
                <MappingValue form={form} name={row.name} fields={fields} parameters={parameters} />
              </Col>
              <Col span={MAP_SPANS[3]}>
                {!disabled ? <RemoveRowButton label={t('out.removeMapping')} onClick={() => remove(row.name)} /> : null}
              </Col>
            </Row>
          ))}
          {!disabled ? (
            <AddRowButton onClick={() => add({ target: '', source: 'lead', value: undefined })} testId="field-mapping-add">
              {t('out.addMapping')}
            </AddRowButton>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}

/** Header rows of a request (the outbound API's `headers`, the API sync's `request.headers`). */
export function HeaderRows({ form, disabled, name = ['headers'] }: { form: FormInstance; disabled: boolean; name?: (string | number)[] }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const header = outApiSection.shape.headers.unwrap().element.shape;
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <Flex vertical gap={4}>
          {rows.length ? (
            <ListHeader
              columns={[{ span: 8, label: t('out.headerName'), required: true }, { span: 14, label: t('out.headerValue') }, { span: 2 }]}
            />
          ) : null}
          {rows.map((row, index) => (
            <Row key={row.key} gutter={12}>
              <Col span={8}>
                <Form.Item
                  name={[row.name, 'name']}
                  rules={[requiredRule(tc), zodRule(header.name, tc), uniqueIn(form, name, 'name', index, tc)]}
                  validateFirst
                >
                  <Input placeholder="Authorization" maxLength={100} style={{ fontFamily: MONO }} data-testid="header-name" />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item name={[row.name, 'value']} rules={[zodRule(header.value, tc)]}>
                  <Input placeholder="Bearer {{apiKey}}" maxLength={2000} style={{ fontFamily: MONO }} data-testid="header-value" />
                </Form.Item>
              </Col>
              <Col span={2}>{!disabled ? <RemoveRowButton label={t('out.removeHeader')} onClick={() => remove(row.name)} /> : null}</Col>
            </Row>
          ))}
          {!disabled ? (
            <AddRowButton onClick={() => add({ name: '', value: '' })} testId="header-add">
              {t('out.addHeader')}
            </AddRowButton>
          ) : (
            rows.length === 0 && <Typography.Text type="secondary">{t('out.noHeaders')}</Typography.Text>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

export function SubTitle({ children, hint }: { children: string; hint?: string }) {
  return (
    <Flex vertical gap={2} style={{ marginBottom: 12 }}>
      <Typography.Text strong style={{ fontSize: 15 }}>
        {children}
      </Typography.Text>
      {hint ? (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {hint}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function OutApiCard({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const canWrite = useCanWrite(owner);
  const vertical = useVertical(record.vertical.id);
  const fields = useLeadFields(vertical.data);
  const parameters = record.apiParameters.map((p) => p.name);
  const state = useSectionForm<OutValues>({ owner, record, section: 'out_api_mappings', toForm: toOutForm, toData: toOutData });
  const form = state.form;
  const method = Form.useWatch('method', form);
  const bodyFormat = Form.useWatch('bodyFormat', form);
  const successPath = Form.useWatch(['response', 'successPath'], form);
  const response = responseMappingSchema.shape;
  const configured = Boolean(record.outApi.url);

  return (
    <SectionCard
      title={t('out.cardTitle')}
      description={t('out.description')}
      extra={owner === 'integration' ? <MethodSwitch integration={record as Integration} flag="outApiEnabled" /> : undefined}
      state={state}
      canWrite={canWrite}
      testId="section-out-api"
    >
      {!configured && !state.dirty ? <Alert type="info" showIcon title={t('out.notConfigured')} /> : null}
      <Form
        form={form}
        layout="vertical"
        onValuesChange={state.onValuesChange}
        disabled={!canWrite}

        data-testid="out-api-form"
      >
        <SubTitle hint={t('out.requestHint')}>{t('out.request')}</SubTitle>
        <Row gutter={12}>
          <Col flex="130px">
            <Form.Item name="method" label={t('out.method')} rules={[requiredRule(tc)]}>
              <Select options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} data-testid="out-method" />
            </Form.Item>
          </Col>
          <Col flex="auto">
            <Form.Item name="url" label={t('out.url')} rules={[requiredRule(tc), zodRule(zCallUrl(), tc)]} validateFirst>
              <Input
                placeholder="https://api.example.com/leads or {{baseUrl}}/leads"
                maxLength={2048}
                style={{ fontFamily: MONO }}
                data-testid="out-url"
              />
            </Form.Item>
          </Col>
          <Col flex="180px">
            <Form.Item
              name="timeoutMs"
              label={t('out.timeout')}
              rules={[requiredRule(tc), zodRule(outApiSection.shape.timeoutMs.unwrap(), tc)]}
              validateFirst
            >
              <InputNumber
                min={OUT_API_TIMEOUT.min}
                max={OUT_API_TIMEOUT.max}
                step={500}
                suffix={t('out.ms')}
                style={{ width: '100%' }}
                data-testid="out-timeout"
              />
            </Form.Item>
          </Col>
        </Row>
        <Placeholders parameters={parameters} fields={fields} />
        <Form.Item
          name="bodyFormat"
          label={t('out.bodyFormat')}
          rules={[requiredRule(tc)]}
          style={{ marginTop: 16 }}
          extra={method === 'GET' ? t('out.getInQuery') : t(`out.bodyFormatHints.${bodyFormat ?? 'json'}`)}
        >
          <Segmented
            options={BODY_FORMATS.map((f) => ({ value: f, label: t(`out.bodyFormats.${f}`), disabled: method === 'GET' && f !== 'query' }))}
            data-testid="out-body-format"
          />
        </Form.Item>
        <Divider style={{ margin: '8px 0 16px' }} />
        <SubTitle hint={t('out.headersHint')}>{t('out.headers')}</SubTitle>
        <HeaderRows form={form} disabled={!canWrite} />
        <Divider style={{ margin: '16px 0' }} />
        <SubTitle hint={t('out.mappingsHint')}>{t('out.mappings')}</SubTitle>
        <FieldMappings form={form} fields={fields} parameters={parameters} disabled={!canWrite} />
        <Divider style={{ margin: '16px 0' }} />
        <SubTitle hint={t('out.responseHint')}>{t('out.response')}</SubTitle>
        <Row gutter={[16, 0]}>
          <Col xs={24} lg={8}>
            <Form.Item
              name={['response', 'successStatuses']}
              label={t('out.successStatuses')}
              extra={t('out.successStatusesHint')}
              rules={[statusCodesRule(tc)]}
            >
              <Select
                mode="tags"
                tokenSeparators={[',', ' ']}
                placeholder="200, 201"
                open={false}
                suffixIcon={null}
                data-testid="out-success-statuses"
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item
              name={['response', 'successPath']}
              label={t('out.successPath')}
              extra={t('out.pathHint')}
              rules={[zodRule(response.successPath, tc)]}
            >
              <Input placeholder="status" style={{ fontFamily: MONO }} data-testid="out-success-path" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item
              name={['response', 'successValue']}
              label={t('out.successValue')}
              extra={t('out.successValueHint')}
              rules={[zodRule(response.successValue, tc)]}
            >
              <Input placeholder="ok" disabled={!successPath?.trim()} data-testid="out-success-value" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name={['response', 'leadIdPath']} label={t('out.leadIdPath')} rules={[zodRule(response.leadIdPath, tc)]}>
              <Input placeholder="data.id" style={{ fontFamily: MONO }} data-testid="out-lead-id-path" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item
              name={['response', 'redirectUrlPath']}
              label={t('out.redirectUrlPath')}
              rules={[zodRule(response.redirectUrlPath, tc)]}
            >
              <Input placeholder="data.autologin_url" style={{ fontFamily: MONO }} data-testid="out-redirect-path" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name={['response', 'errorPath']} label={t('out.errorPath')} rules={[zodRule(response.errorPath, tc)]}>
              <Input placeholder="error.message" style={{ fontFamily: MONO }} data-testid="out-error-path" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SectionCard>
  );
}

/* ---------- redirect ---------- */

interface RedirectValues {
  method: Redirect['method'];
  template: string;
  options: { appendQuery: boolean; openInNewTab: boolean };
  cookieStorageSeconds: number;
}
const toRedirectForm = (rec: SectionOwnerRecord): RedirectValues => {
  const r = rec.redirect as Partial<Redirect>;
  return {
    method: r.method ?? 'autologin',
    template: r.template ?? '',
    options: { appendQuery: Boolean(r.options?.appendQuery), openInNewTab: Boolean(r.options?.openInNewTab) },
    cookieStorageSeconds: r.cookieStorageSeconds ?? 0,
  };
};
const toRedirectData = (v: RedirectValues) => ({
  method: v.method,
  template: v.method === 'redirect_template' ? (v.template ?? '').trim() : '',
  options: { appendQuery: Boolean(v.options?.appendQuery), openInNewTab: Boolean(v.options?.openInNewTab) },
  cookieStorageSeconds: v.cookieStorageSeconds ?? 0,
});

function RedirectCard({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const canWrite = useCanWrite(owner);
  const duration = useDuration();
  const state = useSectionForm<RedirectValues>({ owner, record, section: 'redirect', toForm: toRedirectForm, toData: toRedirectData });
  const method = Form.useWatch('method', state.form);
  const seconds = Form.useWatch('cookieStorageSeconds', state.form);
  const shape = redirectSection.shape;
  return (
    <SectionCard
      title={t('redirect.cardTitle')}
      description={t('redirect.description')}
      extra={owner === 'integration' ? <MethodSwitch integration={record as Integration} flag="redirectEnabled" /> : undefined}
      state={state}
      canWrite={canWrite}
      testId="section-redirect"
    >
      <Form form={state.form} layout="vertical" onValuesChange={state.onValuesChange} disabled={!canWrite}>
        <Form.Item name="method" label={t('redirect.method')} rules={[requiredRule(tc)]}>
          <Radio.Group data-testid="redirect-method">
            <Flex vertical gap={8}>
              {REDIRECT_METHODS.map((m) => (
                <Radio key={m} value={m}>
                  <Typography.Text strong>{t(`redirect.methods.${m}`)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                    {t(`redirect.methodHints.${m}`)}
                  </Typography.Text>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        {method === 'redirect_template' ? (
          <Form.Item
            name="template"
            label={t('redirect.template')}
            extra={t('redirect.templateHint')}
            rules={[requiredRule(tc), zodRule(zCallUrl(), tc)]}
            validateFirst
          >
            <Input
              placeholder="https://brand.example.com/welcome?email={{lead.email}}"
              maxLength={2048}
              style={{ fontFamily: MONO }}
              data-testid="redirect-template"
            />
          </Form.Item>
        ) : null}
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <Form.Item label={t('redirect.options')} style={{ marginBottom: 8 }}>
              <Flex vertical gap={4}>
                <Form.Item name={['options', 'appendQuery']} valuePropName="checked" noStyle>
                  <Checkbox disabled={method === 'none'}>{t('redirect.appendQuery')}</Checkbox>
                </Form.Item>
                <Form.Item name={['options', 'openInNewTab']} valuePropName="checked" noStyle>
                  <Checkbox disabled={method === 'none'}>{t('redirect.openInNewTab')}</Checkbox>
                </Form.Item>
              </Flex>
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="cookieStorageSeconds"
              label={t('redirect.cookieStorage')}
              extra={seconds ? t('redirect.cookieStorageIs', { duration: duration(seconds) }) : t('redirect.cookieStorageOff')}
              rules={[zodRule(shape.cookieStorageSeconds.unwrap(), tc)]}
            >
              <InputNumber
                min={0}
                max={COOKIE_STORAGE_MAX_SECONDS}
                step={3600}
                suffix={t('duration.secondsUnit')}
                style={{ width: 220 }}
                data-testid="redirect-cookie"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SectionCard>
  );
}

export function OutboundSection({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  return (
    <Flex vertical gap={16}>
      <OutApiCard owner={owner} record={record} />
      <RedirectCard owner={owner} record={record} />
      {owner === 'integration' ? <TestSendCard integration={record as Integration} /> : null}
    </Flex>
  );
}
