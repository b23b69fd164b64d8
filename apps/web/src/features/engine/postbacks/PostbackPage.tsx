/**
 * /postbacks/new and /postbacks/{id}: one affiliate or team postback with its URL builder (macro chips inserting
 * `{macro}` at the cursor, the macros found in the URL), method, status, events grouped as product §3 says, goal events
 * per goal, and a test call. Staff choose whose postback it is (an affiliate or a team, fixed afterwards); affiliates
 * create their own. An edit sends only what changed.
 */
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { macroToken, validateMacros } from '@leadgrid/shared/engine/macros';
import {
  POSTBACK_EVENT_GROUPS,
  POSTBACK_METHODS,
  type AffiliatePostback,
  type PostbackCreate,
  type PostbackEvent,
  type PostbackMethod,
  type PostbackScope,
  type PostbackTestResult,
  type PostbackUpdate,
} from '@leadgrid/shared/engine/postbacks';
import { rules } from '@leadgrid/shared/validation';
import { Alert, Button, Card, Col, Flex, Form, Input, Result, Row, Segmented, Select, Skeleton, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, serverMessageText } from '../../../api/client';
import { allowed, isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { applyServerErrors, checkRule, requiredRule, useRevalidateOnLanguageChange } from '../../../components/form';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { AffiliatePicker, TeamPicker } from '../../../components/pickers/people';
import { EventsField, MacroChips, MacrosFound, MacroTable, mono, useMacroInsert } from '../postbackBuilder';
import { NS as GP } from '../postbackI18n';
import { useCreatePostbacks, usePostback, usePostbackGoals, useTestPostback, useUpdatePostbacks } from '../../../api/postbacks';
import { NS } from './i18n';
import { OwnerCell, POSTBACK_WRITE } from './parts';

export interface GoalRow {
  goalId?: number;
  events?: PostbackEvent[];
}
export interface PostbackValues {
  title: string;
  scope: PostbackScope;
  affiliateId?: number | null;
  teamId?: number | null;
  url: string;
  method: PostbackMethod;
  events: PostbackEvent[];
  goalEvents: GoalRow[];
  active: boolean;
}

const GOAL_EVENTS = POSTBACK_EVENT_GROUPS.conversions;

export function valuesOf(p: AffiliatePostback | null): PostbackValues {
  if (!p)
    return {
      title: '',
      scope: 'affiliate',
      affiliateId: null,
      teamId: null,
      url: '',
      method: 'GET',
      events: [],
      goalEvents: [],
      active: true,
    };
  return {
    title: p.title,
    scope: p.scope,
    affiliateId: p.affiliate?.id ?? null,
    teamId: p.team?.id ?? null,
    url: p.url,
    method: p.method,
    events: [...p.events],
    goalEvents: p.goalEvents.map((g) => ({ goalId: g.goalId, events: [...g.events] })),
    active: p.status === 'active',
  };
}

const goalsOf = (rows: GoalRow[] | undefined) =>
  (rows ?? []).filter((g) => g.goalId).map((g) => ({ goalId: g.goalId!, events: g.events ?? [] }));

export function toCreate(v: PostbackValues, staff: boolean): PostbackCreate {
  return {
    ...(staff
      ? { scope: v.scope, ...(v.scope === 'team' ? { teamId: v.teamId } : { affiliateId: v.affiliateId }) }
      : { scope: 'affiliate' }),
    title: (v.title ?? '').trim(),
    url: v.url.trim(),
    method: v.method,
    events: v.events ?? [],
    goalEvents: goalsOf(v.goalEvents),
    status: v.active ? 'active' : 'inactive',
  };
}

/** Only what changed; the owner never changes. */
export function toUpdate(p: AffiliatePostback, v: PostbackValues): PostbackUpdate {
  const item: PostbackUpdate = { id: p.id };
  const title = (v.title ?? '').trim();
  if (title !== p.title) item.title = title;
  if (v.url.trim() !== p.url) item.url = v.url.trim();
  if (v.method !== p.method) item.method = v.method;
  const events = v.events ?? [];
  if (events.length !== p.events.length || events.some((e) => !p.events.includes(e))) item.events = events;
  const goals = goalsOf(v.goalEvents);
  const before = p.goalEvents.map((g) => ({ goalId: g.goalId, events: g.events }));
  if (JSON.stringify(goals) !== JSON.stringify(before)) item.goalEvents = goals;
  const status = v.active ? 'active' : 'inactive';
  if (status !== p.status) item.status = status;
  return item;
}

/** Server errors on their fields, goal rows included (`goalEvents.1.goalId`); the rest is answered for an alert. */
function applyPostbackErrors(form: FormInstance<PostbackValues>, err: unknown): string[] {
  if (!(err instanceof ApiError)) return [];
  const goalFields: { name: ['goalEvents', number, 'goalId' | 'events']; errors: string[] }[] = [];
  const others: typeof err.errors = [];
  for (const item of err.errors) {
    const at = item.loc.indexOf('goalEvents');
    const index = item.loc[at + 1];
    const field = item.loc[at + 2];
    if (at >= 0 && typeof index === 'number' && (field === 'goalId' || field === 'events'))
      goalFields.push({ name: ['goalEvents', index, field], errors: [serverMessageText(item.msg)] });
    else others.push(item);
  }
  if (goalFields.length) form.setFields(goalFields);
  if (!err.errors.length) return [err.message];
  return others.length ? applyServerErrors(form, new ApiError(err.status, err.message, others)) : [];
}

/** Goal rows: a goal of a vertical and the conversion statuses that call the postback for it. */
function GoalEventsList({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tg } = useTranslation(GP);
  const { t: tc } = useTranslation();
  const goals = usePostbackGoals();
  const options = useMemo(() => {
    const byVertical = new Map<string, { value: number; label: string }[]>();
    for (const g of goals.data ?? [])
      byVertical.set(g.vertical.title, [...(byVertical.get(g.vertical.title) ?? []), { value: g.id, label: g.title }]);
    return [...byVertical].map(([label, opts]) => ({ label, title: label, options: opts }));
  }, [goals.data]);
  return (
    <Form.List name="goalEvents">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="flex-start" data-testid="postback-goal-row">
              <Form.Item name={[field.name, 'goalId']} rules={[requiredRule(tc)]} style={{ width: 260, marginBottom: 0 }}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={options}
                  loading={goals.isLoading}
                  placeholder={t('form.goal')}
                  notFoundContent={t('form.noGoals')}
                  aria-label={t('form.goal')}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'events']} rules={[requiredRule(tc)]} style={{ flex: 1, marginBottom: 0 }}>
                <Select
                  mode="multiple"
                  options={GOAL_EVENTS.map((e) => ({ value: e, label: tg(`events.${e}`) }))}
                  placeholder={t('form.goalEventsOf')}
                  aria-label={t('form.goalEventsOf')}
                />
              </Form.Item>
              {disabled ? null : (
                <Button type="text" icon={<DeleteOutlined />} aria-label={t('form.removeGoal')} onClick={() => remove(field.name)} />
              )}
            </Flex>
          ))}
          {disabled ? null : (
            <div>
              <Button icon={<PlusOutlined />} onClick={() => add({ events: ['conversion_approved'] })} data-testid="postback-add-goal">
                {t('form.addGoal')}
              </Button>
            </div>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

function TestCard({ postback, dirty }: { postback: AffiliatePostback; dirty: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tg } = useTranslation(GP);
  const listened = [...new Set([...postback.events, ...postback.goalEvents.flatMap((g) => g.events)])];
  const [event, setEvent] = useState<PostbackEvent | undefined>(listened[0]);
  const [result, setResult] = useState<PostbackTestResult | null>(null);
  const test = useTestPostback();
  const send = async () => {
    setResult(null);
    setResult(await test.mutateAsync({ id: postback.id, event }));
  };
  return (
    <Card variant="borderless" title={t('test.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('test.text')}</Typography.Text>
        <Select
          value={event}
          onChange={setEvent}
          options={listened.map((e) => ({ value: e, label: tg(`events.${e}`) }))}
          aria-label={t('test.event')}
          placeholder={t('test.event')}
        />
        {dirty ? <Alert type="info" showIcon title={t('test.saveFirst')} /> : null}
        <Button
          icon={<SendOutlined />}
          onClick={() => void send().catch(() => undefined)}
          loading={test.isPending}
          data-testid="postback-test"
        >
          {t('test.send')}
        </Button>
        {result ? (
          <Alert
            type={result.success ? 'success' : 'error'}
            showIcon
            data-testid="postback-test-result"
            title={result.success ? t('test.delivered', { status: result.responseStatus }) : t('test.failed', { msg: result.msg })}
            description={
              <Flex vertical gap={4}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('test.calledUrl')}
                </Typography.Text>
                <Typography.Text style={{ ...mono, fontSize: 12, wordBreak: 'break-all' }}>{result.url}</Typography.Text>
                <Link to={`/postback-logs/${result.logId}`}>{t('test.openLog')}</Link>
              </Flex>
            }
          />
        ) : null}
      </Flex>
    </Card>
  );
}

function PostbackForm({ postback }: { postback: AffiliatePostback | null }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { access } = useSession();
  const staff = !!access && !isAffiliate(access);
  const canWrite = allowed(access, POSTBACK_WRITE);
  const [form] = Form.useForm<PostbackValues>();
  useRevalidateOnLanguageChange(form);
  const create = useCreatePostbacks();
  const update = useUpdatePostbacks();
  const saving = create.isPending || update.isPending;
  const url = Form.useWatch('url', form) ?? '';
  const scope = Form.useWatch('scope', form) ?? 'affiliate';
  const [dirty, setDirty] = useState(false);
  const { urlRef, insert } = useMacroInsert(form, () => setDirty(true));
  const [failure, setFailure] = useState<string[]>([]);
  const initial = useMemo(() => valuesOf(postback), [postback]);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial);
    setDirty(false);
  }, [initial, form]);

  const submit = async () => {
    setFailure([]);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const v = { ...form.getFieldsValue(true), ...values } as PostbackValues;
    try {
      if (!postback) {
        const [created] = (await create.mutateAsync([toCreate(v, staff)])).items;
        if (created) navigate(`/postbacks/${created.id}`, { replace: true });
        return;
      }
      const item = toUpdate(postback, v);
      if (Object.keys(item).length > 1) await update.mutateAsync([item]);
      setDirty(false);
    } catch (err) {
      setFailure(applyPostbackErrors(form, err));
    }
  };

  const discard = () => {
    form.resetFields();
    form.setFieldsValue(initial);
    setDirty(false);
    setFailure([]);
  };

  const eventsRule = {
    validator: async () => {
      const events: PostbackEvent[] = form.getFieldValue('events') ?? [];
      const goals: GoalRow[] = form.getFieldValue('goalEvents') ?? [];
      if (!events.length && !goals.some((g) => g?.goalId)) throw new Error(t('form.nothingChosen'));
    },
  };

  return (
    <Row gutter={[16, 16]} align="top">
      <Col xs={24} xl={16}>
        <Card variant="borderless">
          <Form<PostbackValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            disabled={!canWrite}
            onValuesChange={(changed: Partial<PostbackValues>) => {
              setDirty(true);
              if ('goalEvents' in changed) void form.validateFields(['events']).catch(() => undefined);
            }}
            data-testid="postback-form"
          >
            <Row gutter={16}>
              <Col xs={24} md={staff ? 12 : 24}>
                <Form.Item name="title" label={t('fields.title')} extra={t('form.titleHint')}>
                  <Input maxLength={200} placeholder={t('form.titlePlaceholder')} data-testid="postback-title" />
                </Form.Item>
              </Col>
              {staff ? (
                <Col xs={24} md={12}>
                  {postback ? (
                    <Form.Item label={t('form.owner')} extra={t('form.ownerFixed')}>
                      <OwnerCell postback={postback} />
                    </Form.Item>
                  ) : (
                    <Form.Item label={t('form.owner')} extra={t('form.ownerHint')} style={{ marginBottom: 0 }}>
                      <Flex gap={8} align="flex-start">
                        <Form.Item name="scope" noStyle>
                          <Segmented<PostbackScope>
                            options={[
                              { value: 'affiliate', label: t('scopes.affiliate') },
                              { value: 'team', label: t('scopes.team') },
                            ]}
                            data-testid="postback-scope"
                          />
                        </Form.Item>
                        {scope === 'team' ? (
                          <Form.Item name="teamId" rules={[requiredRule(tc)]} style={{ flex: 1, marginBottom: 0 }}>
                            <TeamPicker multiple={false} purpose="assignment" aria-label={t('scopes.team')} data-testid="postback-team" />
                          </Form.Item>
                        ) : (
                          <Form.Item name="affiliateId" rules={[requiredRule(tc)]} style={{ flex: 1, marginBottom: 0 }}>
                            <AffiliatePicker
                              multiple={false}
                              purpose="postback"
                              aria-label={t('scopes.affiliate')}
                              data-testid="postback-affiliate"
                            />
                          </Form.Item>
                        )}
                      </Flex>
                    </Form.Item>
                  )}
                </Col>
              ) : null}
            </Row>
            <Typography.Title level={5} style={{ marginTop: staff && !postback ? 16 : 0 }}>
              {t('form.request')}
            </Typography.Title>
            <Form.Item
              name="url"
              label={t('fields.url')}
              extra={tc('hints.url', { ns: GP })}
              validateFirst
              validateTrigger={['onChange', 'onBlur']}
              rules={[
                requiredRule(tc),
                { ...checkRule((v) => rules.url(v), tc), validateTrigger: 'onBlur' },
                {
                  validator: async (_r, value: string | undefined) => {
                    const bad = validateMacros(value ?? '', { audience: 'affiliate' });
                    if (bad) throw new Error(tc('unknownMacro', { ns: GP, macro: macroToken(bad.macro) }));
                  },
                },
              ]}
            >
              <Input
                ref={urlRef}
                placeholder={tc('placeholders.url', { ns: GP })}
                maxLength={2048}
                style={mono}
                allowClear
                data-testid="postback-url"
              />
            </Form.Item>
            <Flex vertical gap={10} style={{ marginTop: -8, marginBottom: 20 }}>
              <MacrosFound url={url} />
              {canWrite ? <MacroChips onInsert={insert} audience="affiliate" /> : null}
            </Flex>
            <Flex gap={32} wrap>
              <Form.Item name="method" label={t('fields.method')} extra={tc('hints.method', { ns: GP })}>
                <Segmented options={POSTBACK_METHODS.map((m) => ({ value: m, label: m }))} data-testid="postback-method" />
              </Form.Item>
              <Form.Item name="active" label={t('fields.status')} valuePropName="checked" extra={t('form.statusHint')}>
                <Switch
                  checkedChildren={tc(`status.${ACTIVE_STATUSES[0]}`)}
                  unCheckedChildren={tc(`status.${ACTIVE_STATUSES[1]}`)}
                  data-testid="postback-status"
                />
              </Form.Item>
            </Flex>
            <Form.Item name="events" label={t('form.events')} extra={t('form.eventsHint')} rules={[eventsRule]}>
              <EventsField />
            </Form.Item>
            <Form.Item label={t('form.goalEvents')} extra={t('form.goalEventsHint')}>
              <GoalEventsList disabled={!canWrite} />
            </Form.Item>
          </Form>
          {failure.length ? (
            <Alert type="error" showIcon title={failure.join(' ')} style={{ marginBottom: 16 }} data-testid="postback-failure" />
          ) : null}
          {canWrite ? (
            <Flex justify="flex-end" gap={8}>
              {postback ? (
                <Button disabled={!dirty || saving} onClick={discard}>
                  {t('actions.discard')}
                </Button>
              ) : (
                <Button onClick={() => navigate('/postbacks/active')}>{t('actions.cancel')}</Button>
              )}
              <Button
                type="primary"
                loading={saving}
                disabled={!!postback && !dirty}
                onClick={() => void submit()}
                data-testid="postback-save"
              >
                {postback ? t('actions.save') : t('actions.create')}
              </Button>
            </Flex>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Flex vertical gap={16}>
          {postback && canWrite ? <TestCard postback={postback} dirty={dirty} /> : null}
          <Card variant="borderless" title={tc('macros.title', { ns: GP })}>
            <Flex vertical gap={12}>
              <Typography.Text type="secondary">{tc('macros.text', { ns: GP })}</Typography.Text>
              <MacroTable audience="affiliate" compact />
            </Flex>
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}

export default function PostbackPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { id: param } = useParams();
  const isNew = !param || param === 'new';
  const id = isNew ? 0 : Number(param);
  const postback = usePostback(id);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/postbacks/active')}>
      {t('actions.back')}
    </Button>
  );
  if (isNew)
    return (
      <Page title={t('form.newTitle')} subtitle={t('form.campaignsHint')} extra={back}>
        <PostbackForm postback={null} />
      </Page>
    );
  if (postback.error) {
    const missing = postback.error instanceof ApiError && postback.error.status === 404;
    return (
      <Page title={t('title')} extra={back}>
        <Card variant="borderless">
          <Result
            status={missing ? '404' : 'warning'}
            title={missing ? t('notFound') : t('loadFailed')}
            extra={missing ? undefined : <Button onClick={() => void postback.refetch()}>{t('actions.open')}</Button>}
          />
        </Card>
      </Page>
    );
  }
  if (!postback.data)
    return (
      <Page title={t('title')} extra={back}>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </Page>
    );
  const p = postback.data;
  return (
    <Page
      title={
        <Flex gap={8} align="center">
          {p.title || t('untitled')}
          <StatusTag status={p.status} />
        </Flex>
      }
      subtitle={`#${p.id} · ${p.campaignCount ? t('campaignsCount', { count: p.campaignCount }) : t('allCampaigns')}`}
      extra={back}
    >
      <PostbackForm postback={p} />
    </Page>
  );
}
