/**
 * "Send a test lead" (`POST /integrations/:id/test_send`): a lead prefilled with a sample, sent with the saved
 * outbound settings; the result panel shows the exact request (method, URL, headers, body), the response (status,
 * time, headers, body) and what it means by the response mapping (success, advertiser lead id, redirect URL, error).
 */
import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import type { Integration, TestSendResult } from '@leadgrid/shared/sell-side/integrations';
import { Alert, Button, Col, Collapse, Descriptions, Flex, Form, Input, Row, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { EMPTY_VALUE } from '../../../components/format';
import { useTestSend, useVertical } from './api';
import { useIntT } from './i18n';
import { useLeadFields, type LeadField } from './leadFields';
import { ExchangeView, MONO, SectionCard, useCanWrite, YesNo } from './parts';
import { applySectionErrors } from './sectionErrors';

/** A recognisable sample: reserved example domains and documentation addresses (RFC 2606, RFC 5737), a test phone. */
export const SAMPLE_LEAD: Record<string, string> = {
  firstName: 'Test',
  lastName: 'Lead',
  email: 'test.lead@example.com',
  phone: '+14155552671',
  country: 'US',
  language: 'en',
  ip: '203.0.113.10',
  landing: 'https://example.com/landing',
  sourceUrl: 'https://example.com/',
};
const CORE = ['firstName', 'lastName', 'email', 'phone', 'country', 'language', 'ip'];

/** the lead fields the outbound settings use: mapped from the lead or written as {{lead.<field>}} */
function usedFields(outApi: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  for (const m of (outApi.fieldMappings as { source: string; value: string }[] | undefined) ?? [])
    if (m.source === 'lead') used.add(m.value);
  for (const match of JSON.stringify(outApi).matchAll(/\{\{\s*lead\.([A-Za-z0-9_]+)\s*\}\}/g)) used.add(match[1]);
  return used;
}

export function TestSendResultView({ result }: { result: TestSendResult }) {
  const { t } = useIntT();
  const r = result.result;
  return (
    <Flex vertical gap={16} data-testid="test-send-result">
      <Alert
        type={r.success ? 'success' : 'error'}
        showIcon
        title={r.success ? t('test.accepted') : t('test.rejected')}
        description={
          <Descriptions size="small" column={{ xs: 1, lg: 2 }} colon={false} styles={{ label: { width: 150 } }} style={{ marginTop: 4 }}>
            <Descriptions.Item label={t('test.success')}>
              <span data-testid="result-success">
                <YesNo value={r.success} yes={t('test.yes')} no={t('test.no')} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('test.leadId')}>
              <Typography.Text style={{ fontFamily: MONO }} copyable={Boolean(r.advertiserLeadId)} data-testid="result-lead-id">
                {r.advertiserLeadId ?? EMPTY_VALUE}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('test.redirectUrl')}>
              <Typography.Text
                style={{ fontFamily: MONO, wordBreak: 'break-all' }}
                copyable={Boolean(r.redirectUrl)}
                data-testid="result-redirect-url"
              >
                {r.redirectUrl ?? EMPTY_VALUE}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('test.error')}>
              <Typography.Text type={r.error ? 'danger' : undefined} data-testid="result-error">
                {r.error ?? EMPTY_VALUE}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        }
      />
      <ExchangeView request={result.request} response={result.response} error={r.error} />
    </Flex>
  );
}

function FieldInput({ field }: { field: LeadField }) {
  const { t } = useIntT();
  return (
    <Col xs={24} md={12} xl={8}>
      <Form.Item
        name={['lead', field.name]}
        label={
          <Flex gap={6} align="baseline">
            <span>{field.label}</span>
            <Typography.Text type="secondary" style={{ fontFamily: MONO, fontSize: 11 }}>
              {field.name}
            </Typography.Text>
          </Flex>
        }
        valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
      >
        {field.type === 'boolean' ? (
          <Switch />
        ) : (
          <Input maxLength={2000} placeholder={t('test.emptyField')} data-testid={`test-lead-${field.name}`} />
        )}
      </Form.Item>
    </Col>
  );
}

export function TestSendCard({ integration }: { integration: Integration }) {
  const { t } = useIntT();
  const canWrite = useCanWrite('integration');
  const vertical = useVertical(integration.vertical.id);
  const fields = useLeadFields(vertical.data);
  const send = useTestSend(integration.id);
  const [form] = Form.useForm<{ lead: Record<string, string | boolean> }>();
  const [result, setResult] = useState<TestSendResult | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const used = useMemo(() => usedFields(integration.outApi), [integration.outApi]);
  const main = fields.filter((f) => used.has(f.name) || CORE.includes(f.name));
  const more = fields.filter((f) => !main.includes(f));
  const initial = useMemo(() => ({ lead: { ...SAMPLE_LEAD } }), []);
  const configured = Boolean(integration.outApi.url);

  if (!canWrite) return null;

  const submit = async () => {
    const values = form.getFieldsValue(true) as { lead?: Record<string, string | boolean | undefined> };
    const lead: Record<string, string | number | boolean> = {};
    for (const f of fields) {
      const v = values.lead?.[f.name];
      if (typeof v === 'boolean') lead[f.name] = v;
      else if (typeof v === 'string' && v.trim()) lead[f.name] = f.type === 'number' && Number.isFinite(Number(v)) ? Number(v) : v.trim();
    }
    setFailure([]);
    try {
      setResult(await send.mutateAsync(lead));
    } catch (err) {
      setResult(null);
      const rest = applySectionErrors(form, err);
      setFailure(rest.length ? rest : err instanceof ApiError && err.errors.length ? [] : [t('test.failed')]);
    }
  };

  return (
    <SectionCard title={t('test.cardTitle')} description={t('test.description')} canWrite={canWrite} testId="test-send">
      {!configured ? <Alert type="info" showIcon title={t('test.notConfigured')} /> : null}
      <Form form={form} layout="vertical" initialValues={initial} data-testid="test-send-form">
        <Row gutter={16}>
          {main.map((f) => (
            <FieldInput key={f.name} field={f} />
          ))}
        </Row>
        {more.length ? (
          <Collapse
            ghost
            size="small"
            style={{ marginTop: -8 }}
            items={[
              {
                key: 'more',
                label: t('test.moreFields', { count: more.length }),
                forceRender: true,
                children: (
                  <Row gutter={16}>
                    {more.map((f) => (
                      <FieldInput key={f.name} field={f} />
                    ))}
                  </Row>
                ),
              },
            ]}
          />
        ) : null}
      </Form>
      {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} data-testid="test-send-failure" /> : null}
      <Flex gap={8}>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={send.isPending}
          disabled={!configured}
          onClick={() => void submit()}
          data-testid="test-send-submit"
        >
          {t('test.send')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => form.resetFields()} disabled={send.isPending}>
          {t('test.resetSample')}
        </Button>
      </Flex>
      {result ? <TestSendResultView result={result} /> : null}
    </SectionCard>
  );
}
