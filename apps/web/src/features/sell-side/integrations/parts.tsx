/**
 * Pieces every section editor shares: the form hook (initial values from the record, save through
 * `edit_<section>`, server errors on their row and field, unsaved-changes state), the section card with its save bar,
 * the method switch of an integration (outApiEnabled, redirectEnabled, postbackEnabled, apiSyncEnabled), and the
 * views of a recorded HTTP exchange (request and response) used by the test send and the API sync run.
 */
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { IntegrationSectionName } from '@leadgrid/shared/sell-side/integration-sections';
import type { Integration } from '@leadgrid/shared/sell-side/integrations';
import { Alert, Button, Card, Col, Empty, Flex, Form, Row, Switch, Table, Tag, Tooltip, Typography, theme } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { OWNER_WRITE, useEditSection, useTemplate, useUpdateIntegrations, type Owner, type SectionOwnerRecord } from './api';
import { useIntT } from './i18n';
import { applySectionErrors } from './sectionErrors';

export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export const useCanWrite = (owner: Owner) => allowed(useSession().access, OWNER_WRITE[owner]);

export interface SectionFormOptions<V> {
  owner: Owner;
  record: SectionOwnerRecord;
  section: IntegrationSectionName;
  /** the form values of the stored section */
  toForm: (record: SectionOwnerRecord) => V;
  /** the `data` sent from the form values */
  toData: (values: V) => unknown;
  /** a list section is edited as this form field */
  listField?: string;
}

export interface SectionForm<V> {
  form: FormInstance<V>;
  save: () => Promise<void>;
  reset: () => void;
  dirty: boolean;
  saving: boolean;
  /** server messages that name no field of the form */
  problems: string[];
  onValuesChange: () => void;
}

export function useSectionForm<V>({ owner, record, section, toForm, toData, listField }: SectionFormOptions<V>): SectionForm<V> {
  const [form] = Form.useForm<V>();
  const edit = useEditSection(owner, record.id);
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const initial = toForm(record);
  const stored = JSON.stringify(initial);
  const latest = useRef(initial);
  latest.current = initial;

  // a new record, or the stored section changed (saved here or elsewhere): start again from it
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(latest.current as Parameters<typeof form.setFieldsValue>[0]);
    setDirty(false);
    setProblems([]);
  }, [form, record.id, stored]);

  const save = async () => {
    const valid = await form
      .validateFields()
      .then(() => true)
      .catch(() => false);
    if (!valid) return;
    setProblems([]);
    try {
      await edit.mutateAsync({ section, data: toData(form.getFieldsValue(true) as V) });
      setDirty(false);
    } catch (err) {
      setProblems(applySectionErrors(form, err, listField));
    }
  };
  const reset = () => {
    form.resetFields();
    form.setFieldsValue(latest.current as Parameters<typeof form.setFieldsValue>[0]);
    setDirty(false);
    setProblems([]);
  };
  return { form, save, reset, dirty, saving: edit.isPending, problems, onValuesChange: () => setDirty(true) };
}

/** A section in a card: title, what it is for, the form, and the save bar for those who may write. */
export function SectionCard({
  title,
  description,
  extra,
  state,
  canWrite,
  children,
  testId,
  saveLabel,
}: {
  title: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  state?: Pick<SectionForm<unknown>, 'save' | 'reset' | 'dirty' | 'saving' | 'problems'>;
  canWrite: boolean;
  children: ReactNode;
  testId?: string;
  saveLabel?: string;
}) {
  const { t } = useIntT();
  const { token } = theme.useToken();
  return (
    <Card
      variant="borderless"
      title={title}
      extra={extra}
      data-testid={testId}
      styles={{ header: { minHeight: 56 }, body: { paddingTop: description ? 12 : undefined } }}
    >
      <Flex vertical gap={16}>
        {description ? (
          <Typography.Text type="secondary" style={{ maxWidth: 920 }}>
            {description}
          </Typography.Text>
        ) : null}
        {state?.problems.length ? (
          <Alert
            type="error"
            showIcon
            title={t('section.saveFailed')}
            description={state.problems.length === 1 ? state.problems[0] : state.problems.map((p) => <div key={p}>{p}</div>)}
            data-testid="section-problems"
          />
        ) : null}
        {children}
        {state && canWrite ? (
          <Flex
            justify="flex-end"
            align="center"
            gap={8}
            style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 16, marginTop: 4 }}
          >
            {state.dirty ? (
              <Typography.Text type="warning" style={{ marginInlineEnd: 'auto' }} data-testid="section-dirty">
                {t('section.unsaved')}
              </Typography.Text>
            ) : null}
            <Button onClick={state.reset} disabled={!state.dirty || state.saving}>
              {t('section.discard')}
            </Button>
            <Button type="primary" onClick={() => void state.save()} loading={state.saving} data-testid="section-save">
              {saveLabel ?? t('section.save')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

/** Column titles over the rows of a list editor (the rows' Form.Items carry no labels). */
export function ListHeader({ columns }: { columns: { span: number; label?: ReactNode; required?: boolean }[] }) {
  const { token } = theme.useToken();
  return (
    <Row gutter={12} style={{ marginBottom: 6 }}>
      {columns.map((c, i) => (
        <Col key={i} span={c.span}>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 500 }}>
            {c.label}
            {c.required ? <span style={{ color: token.colorError, marginInlineStart: 2 }}>*</span> : null}
          </Typography.Text>
        </Col>
      ))}
    </Row>
  );
}

export function ListEmpty({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ margin: '8px 0' }}
      description={
        <Flex vertical gap={2}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary">{text}</Typography.Text>
        </Flex>
      }
    >
      {action}
    </Empty>
  );
}

type Flag = 'outApiEnabled' | 'redirectEnabled' | 'postbackEnabled' | 'apiSyncEnabled';
const FLAG_METHOD: Record<Flag, string> = {
  outApiEnabled: 'api',
  redirectEnabled: 'redirect',
  postbackEnabled: 'postback',
  apiSyncEnabled: 'api_sync',
};

/**
 * The switch of an integration method, saved at once. A method the integration's template does not allow is
 * disabled (the restriction is read when the user may read templates; the server refuses it either way).
 */
export function MethodSwitch({ integration, flag }: { integration: Integration; flag: Flag }) {
  const { t } = useIntT();
  const canWrite = useCanWrite('integration');
  const update = useUpdateIntegrations();
  const { access } = useSession();
  const template = useTemplate(integration.template?.id, allowed(access, 'front.settings.integration_templates.read'));
  const [refused, setRefused] = useState<string | null>(null);
  const restrictions = template.data?.integrationMethodsRestrictions ?? [];
  const forbidden = restrictions.length > 0 && !restrictions.includes(FLAG_METHOD[flag] as never) && !integration[flag];
  const on = integration[flag];
  const toggle = async (checked: boolean) => {
    setRefused(null);
    try {
      await update.mutateAsync([{ id: integration.id, [flag]: checked }]);
    } catch (err) {
      if (err instanceof ApiError && err.errors.some((e) => e.type === 'integrationMethod')) setRefused(t('methods.notAllowed'));
    }
  };
  return (
    <Flex align="center" gap={8}>
      {refused ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {refused}
        </Typography.Text>
      ) : null}
      <Tooltip title={forbidden ? t('methods.notAllowed') : t('methods.switchHint')}>
        <Flex align="center" gap={8}>
          <Typography.Text type={on ? undefined : 'secondary'}>{on ? t('methods.on') : t('methods.off')}</Typography.Text>
          <Switch
            checked={on}
            disabled={!canWrite || forbidden}
            loading={update.isPending}
            onChange={(v) => void toggle(v)}
            aria-label={t(`methods.flags.${flag}`)}
            data-testid={`flag-${flag}`}
          />
        </Flex>
      </Tooltip>
    </Flex>
  );
}

/* ---------- a recorded HTTP exchange ---------- */

/** A body pretty-printed when it is JSON, as it is otherwise; scrolls when long. */
export function CodeBlock({ text, testId, maxHeight = 320 }: { text: string | null | undefined; testId?: string; maxHeight?: number }) {
  const { t } = useIntT();
  const { token } = theme.useToken();
  if (text === null || text === undefined || text === '') {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('exchange.noBody')}
      </Typography.Text>
    );
  }
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as received
  }
  return (
    <div style={{ position: 'relative' }}>
      <pre
        data-testid={testId}
        style={{
          margin: 0,
          padding: '10px 12px',
          maxHeight,
          overflow: 'auto',
          fontFamily: MONO,
          fontSize: 12,
          lineHeight: 1.55,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          background: token.colorFillTertiary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      >
        {shown}
      </pre>
      <Typography.Text
        copyable={{ text, tooltips: [t('exchange.copy'), t('exchange.copied')] }}
        style={{ position: 'absolute', top: 6, right: 10 }}
      />
    </div>
  );
}

function Headers({ headers, testId }: { headers: Record<string, string>; testId: string }) {
  const { t } = useIntT();
  const rows = Object.entries(headers).map(([name, value]) => ({ name, value }));
  return (
    <Table
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={rows}
      data-testid={testId}
      locale={{ emptyText: t('exchange.noHeaders') }}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('exchange.header'),
          width: '38%',
          render: (v: string) => <span style={{ fontFamily: MONO, fontSize: 12 }}>{v}</span>,
        },
        {
          key: 'value',
          dataIndex: 'value',
          title: t('exchange.value'),
          render: (v: string) => <span style={{ fontFamily: MONO, fontSize: 12, wordBreak: 'break-all' }}>{v}</span>,
        },
      ]}
    />
  );
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  durationMs: number;
}

const statusColor = (status: number) => (status >= 200 && status < 300 ? 'success' : status >= 400 ? 'error' : 'warning');

/** The exact request made and the response received, side by side. */
export function ExchangeView({
  request,
  response,
  error,
}: {
  request: RecordedRequest | null;
  response: RecordedResponse | null;
  error?: string | null;
}) {
  const { t } = useIntT();
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={12}>
        <Flex vertical gap={10} data-testid="exchange-request">
          <Typography.Text strong>{t('exchange.request')}</Typography.Text>
          {request ? (
            <>
              <Flex gap={8} align="flex-start">
                <Tag color="blue" style={{ fontFamily: MONO, marginInlineEnd: 0 }} data-testid="request-method">
                  {request.method}
                </Tag>
                <Typography.Text style={{ fontFamily: MONO, fontSize: 12, wordBreak: 'break-all' }} copyable data-testid="request-url">
                  {request.url}
                </Typography.Text>
              </Flex>
              <Headers headers={request.headers} testId="request-headers" />
              <CodeBlock text={request.body} testId="request-body" />
            </>
          ) : (
            <Typography.Text type="secondary">{t('exchange.noRequest')}</Typography.Text>
          )}
        </Flex>
      </Col>
      <Col xs={24} xl={12}>
        <Flex vertical gap={10} data-testid="exchange-response">
          <Typography.Text strong>{t('exchange.response')}</Typography.Text>
          {response ? (
            <>
              <Flex gap={8} align="center" wrap>
                <Tag color={statusColor(response.status)} style={{ fontFamily: MONO, marginInlineEnd: 0 }} data-testid="response-status">
                  HTTP {response.status}
                </Tag>
                <Typography.Text type="secondary" data-testid="response-time">
                  {t('exchange.time', { ms: response.durationMs })}
                </Typography.Text>
                {response.truncated ? <Tag color="warning">{t('exchange.truncated')}</Tag> : null}
              </Flex>
              <Headers headers={response.headers} testId="response-headers" />
              <CodeBlock text={response.body} testId="response-body" />
            </>
          ) : (
            <Alert
              type="warning"
              showIcon
              title={t('exchange.noResponse')}
              description={error ?? undefined}
              data-testid="response-missing"
            />
          )}
        </Flex>
      </Col>
    </Row>
  );
}

export function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={6}>
      {value ? <CheckCircleFilled style={{ color: token.colorSuccess }} /> : <CloseCircleFilled style={{ color: token.colorError }} />}
      <Typography.Text strong>{value ? yes : no}</Typography.Text>
    </Flex>
  );
}

/** "600 s = 10 min" style hint of a duration in seconds. */
export function useDuration() {
  const { t } = useIntT();
  return (seconds: number | null | undefined) => {
    const s = Number(seconds);
    if (!Number.isFinite(s) || s <= 0) return '';
    if (s % 86_400 === 0) return t('duration.days', { count: s / 86_400 });
    if (s % 3600 === 0) return t('duration.hours', { count: s / 3600 });
    if (s % 60 === 0) return t('duration.minutes', { count: s / 60 });
    return t('duration.seconds', { count: s });
  };
}
