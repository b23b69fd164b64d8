/**
 * /settings/global-postback (front.settings.global_postback.read; writes postback.global.update, admins): the
 * network-wide outbound postback — URL with macros, method, events, status — and the macro reference. Affiliates
 * see the macro reference only: the global postback is the network's, not theirs.
 */
import { SendOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { findMacros, MACROS, MACRO_NAMES, macroToken, validateMacros, type MacroDef } from '@leadgrid/shared/macros';
import { POSTBACK_EVENT_GROUPS, POSTBACK_METHODS, type GlobalPostbackFields, type PostbackEvent } from '@leadgrid/shared/schemas/postbacks';
import { rules } from '@leadgrid/shared/validation';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Segmented,
  Skeleton,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
  type InputRef,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allowed, isAffiliate } from '../../app/access';
import { routeAt } from '../../app/routes';
import { useSession } from '../../app/session';
import { applyServerErrors, checkRule, requiredRule, useRevalidateOnLanguageChange } from '../../components/form';
import { Page } from '../../components/Page';
import { useGlobalPostback, useSaveGlobalPostback } from './api';
import { NS } from './i18n';

const WRITE = 'postback.global.update';
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };
const GROUP_ORDER: MacroDef['group'][] = ['click', 'lead', 'conversion', 'offer', 'partner', 'event'];

interface FormValues {
  url: string;
  method: GlobalPostbackFields['method'];
  events: PostbackEvent[];
  active: boolean;
}

function MacroTable({ audience }: { audience: 'staff' | 'affiliate' }) {
  const { t } = useTranslation(NS);
  const rows = MACROS.filter((m) => audience === 'staff' || !m.staffOnly);
  return (
    <Table<MacroDef>
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={[...rows]}
      scroll={{ x: 'max-content' }}
      data-testid="macro-table"
      columns={[
        {
          key: 'name',
          title: t('macros.macro'),
          render: (_, m) => (
            <Typography.Text code copyable={{ text: macroToken(m.name) }}>
              {macroToken(m.name)}
            </Typography.Text>
          ),
        },
        {
          key: 'description',
          title: t('macros.description'),
          render: (_, m) => (
            <Flex gap={8} align="center" wrap>
              <span>{t(`macros.descriptions.${m.name}`, { defaultValue: m.description })}</span>
              {audience === 'staff' && m.staffOnly ? (
                <Tooltip title={t('macros.staffOnlyHint')}>
                  <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                    {t('macros.staffOnly')}
                  </Tag>
                </Tooltip>
              ) : null}
            </Flex>
          ),
        },
        { key: 'group', title: t('macros.group'), render: (_, m) => t(`macros.groups.${m.group}`) },
      ]}
    />
  );
}

/** Chips that insert `{macro}` where the cursor is in the URL field. */
function MacroChips({ onInsert, disabled }: { onInsert: (name: string) => void; disabled?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Flex vertical gap={6}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('insertMacro')}
      </Typography.Text>
      <Flex gap={6} wrap>
        {GROUP_ORDER.flatMap((g) => MACROS.filter((m) => m.group === g)).map((m) => (
          <Tooltip key={m.name} title={t(`macros.descriptions.${m.name}`, { defaultValue: m.description })} mouseEnterDelay={0.4}>
            <Button
              size="small"
              disabled={disabled}
              onClick={() => onInsert(m.name)}
              style={{ ...mono, fontSize: 12 }}
              data-testid={`gp-macro-${m.name}`}
            >
              {macroToken(m.name)}
            </Button>
          </Tooltip>
        ))}
      </Flex>
    </Flex>
  );
}

function EventsField({
  value = [],
  onChange,
  disabled,
}: {
  value?: PostbackEvent[];
  onChange?: (v: PostbackEvent[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const set = (events: PostbackEvent[]) => onChange?.(events);
  return (
    <Row gutter={[12, 12]}>
      {(Object.keys(POSTBACK_EVENT_GROUPS) as (keyof typeof POSTBACK_EVENT_GROUPS)[]).map((group) => {
        const events = POSTBACK_EVENT_GROUPS[group];
        const chosen = events.filter((e) => value.includes(e));
        const allOn = chosen.length === events.length;
        return (
          <Col key={group} xs={24} md={8}>
            <Flex
              vertical
              gap={8}
              style={{ padding: 12, height: '100%', borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}
            >
              <Checkbox
                checked={allOn}
                indeterminate={chosen.length > 0 && !allOn}
                disabled={disabled}
                onChange={(e) => set(e.target.checked ? [...new Set([...value, ...events])] : value.filter((x) => !events.includes(x)))}
              >
                <Typography.Text strong>{t(`groups.${group}`)}</Typography.Text>
              </Checkbox>
              <Flex vertical gap={6} style={{ paddingInlineStart: 24 }}>
                {events.map((e) => (
                  <Checkbox
                    key={e}
                    checked={value.includes(e)}
                    disabled={disabled}
                    onChange={(ev) => set(ev.target.checked ? [...value, e] : value.filter((x) => x !== e))}
                    data-testid={`gp-event-${e}`}
                  >
                    {t(`events.${e}`)}
                  </Checkbox>
                ))}
              </Flex>
            </Flex>
          </Col>
        );
      })}
    </Row>
  );
}

function MacrosFound({ url }: { url: string }) {
  const { t } = useTranslation(NS);
  const names = findMacros(url ?? '');
  if (!names.length) return null;
  return (
    <Flex gap={6} wrap align="center" data-testid="gp-found-macros">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('foundMacros')}:
      </Typography.Text>
      {names.map((n) => (
        <Tag key={n} color={MACRO_NAMES.has(n) ? 'green' : 'red'} style={{ ...mono, marginInlineEnd: 0 }}>
          {macroToken(n)}
        </Tag>
      ))}
    </Flex>
  );
}

function GlobalPostbackForm() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { access } = useSession();
  const canWrite = allowed(access, WRITE);
  const postback = useGlobalPostback();
  const save = useSaveGlobalPostback();
  const [form] = Form.useForm<FormValues>();
  useRevalidateOnLanguageChange(form);
  const urlRef = useRef<InputRef>(null);
  const url = Form.useWatch('url', form) ?? '';
  const [dirty, setDirty] = useState(false);

  const initial = useMemo<FormValues | null>(
    () =>
      postback.data
        ? { url: postback.data.url, method: postback.data.method, events: postback.data.events, active: postback.data.status === 'active' }
        : null,
    [postback.data],
  );
  useEffect(() => {
    if (!initial) return;
    form.setFieldsValue(initial);
    setDirty(false);
  }, [initial, form]);

  const insert = (name: string) => {
    const input = urlRef.current?.input;
    const current: string = form.getFieldValue('url') ?? '';
    const start = input?.selectionStart ?? current.length;
    const end = input?.selectionEnd ?? current.length;
    const token = macroToken(name);
    form.setFieldValue('url', current.slice(0, start) + token + current.slice(end));
    setDirty(true);
    void form.validateFields(['url']).catch(() => undefined);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const discard = () => {
    form.resetFields();
    if (initial) form.setFieldsValue(initial);
    setDirty(false);
  };

  const submit = async () => {
    // an invalid form shows its messages on the fields: nothing more to do
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({
        url: values.url.trim(),
        method: values.method,
        events: values.events,
        status: values.active ? 'active' : 'inactive',
      });
      setDirty(false);
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  if (postback.error) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => void postback.refetch()}>{tc('table.retry')}</Button>}
        />
      </Card>
    );
  }
  if (!postback.data) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <SendOutlined />
          {t('form')}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {!canWrite ? (
          <Alert type="info" showIcon title={t('readOnly')} />
        ) : postback.data.id === null ? (
          <Alert type="info" showIcon title={t('notSaved')} data-testid="gp-not-saved" />
        ) : null}
        <Form<FormValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          disabled={!canWrite}
          onValuesChange={() => setDirty(true)}
          data-testid="gp-form"
        >
          <Form.Item
            name="url"
            label={t('fields.url')}
            extra={t('hints.url')}
            validateFirst
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              requiredRule(tc),
              { ...checkRule((v) => rules.url(v), tc), validateTrigger: 'onBlur' },
              {
                validator: async (_r, value: string | undefined) => {
                  const bad = validateMacros(value ?? '');
                  if (bad) throw new Error(t('unknownMacro', { macro: macroToken(bad.macro) }));
                },
              },
            ]}
          >
            <Input ref={urlRef} placeholder={t('placeholders.url')} maxLength={2048} style={mono} allowClear data-testid="gp-url" />
          </Form.Item>
          <Flex vertical gap={10} style={{ marginTop: -8, marginBottom: 20 }}>
            <MacrosFound url={url} />
            {canWrite ? <MacroChips onInsert={insert} /> : null}
          </Flex>
          <Flex gap={32} wrap>
            <Form.Item name="method" label={t('fields.method')} extra={t('hints.method')}>
              <Segmented options={POSTBACK_METHODS.map((m) => ({ value: m, label: m }))} data-testid="gp-method" />
            </Form.Item>
            <Form.Item name="active" label={t('fields.status')} valuePropName="checked" extra={t('hints.status')}>
              <Switch
                checkedChildren={tc(`status.${ACTIVE_STATUSES[0]}`)}
                unCheckedChildren={tc(`status.${ACTIVE_STATUSES[1]}`)}
                data-testid="gp-status"
              />
            </Form.Item>
          </Flex>
          <Form.Item name="events" label={t('fields.events')} extra={t('hints.events')} rules={[requiredRule(tc)]}>
            <EventsField />
          </Form.Item>
        </Form>
        {canWrite ? (
          <Flex justify="flex-end" gap={8}>
            <Button disabled={!dirty || save.isPending} onClick={discard}>
              {t('actions.reset')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="gp-save">
              {t('actions.save')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

function AffiliateView() {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const ownPostbacks = '/postbacks/active';
  const canOpenOwn = allowed(access, routeAt(ownPostbacks)?.access);
  return (
    <Card variant="borderless" title={t('affiliate.title')}>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0, maxWidth: 760 }}>{t('affiliate.text')}</Typography.Paragraph>
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('affiliate.example')}</Typography.Text>
          <Typography.Text code copyable style={{ ...mono, wordBreak: 'break-all' }}>
            {'https://tracker.example.com/postback?click_id={click_id}&sub1={sub1}&payout={payout}&currency={currency}&status={status}'}
          </Typography.Text>
        </Flex>
        {canOpenOwn ? (
          <Link to={ownPostbacks} data-testid="gp-own-postbacks">
            {t('affiliate.own')}
          </Link>
        ) : (
          <Alert type="info" showIcon title={t('affiliate.askManager')} />
        )}
        <MacroTable audience="affiliate" />
      </Flex>
    </Card>
  );
}

export default function GlobalPostbackPage() {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const affiliate = !!access && isAffiliate(access);
  return (
    <Page title={t('title')} subtitle={affiliate ? undefined : t('subtitle')}>
      {affiliate ? (
        <AffiliateView />
      ) : (
        <>
          <GlobalPostbackForm />
          <Card variant="borderless" title={t('macros.title')}>
            <Flex vertical gap={12}>
              <Typography.Text type="secondary">{t('macros.text')}</Typography.Text>
              <MacroTable audience="staff" />
            </Flex>
          </Card>
        </>
      )}
    </Page>
  );
}
