/**
 * /settings/notifications (notification.read; writes notification.update, admins): the rule of every event (which
 * role types and users hear about it, through which channels) and the channel integrations (e-mail, Telegram).
 */
import { EditOutlined, ExclamationCircleOutlined, MailOutlined, SendOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { ROLE_TYPES, type RoleType } from '@leadgrid/shared/access/permissions';
import {
  isMaskedSecret,
  NOTIFICATION_CHANNELS,
  notificationEvent,
  PERSONAL_ROLE_TYPES,
  TELEGRAM_CHAT_RE,
  TELEGRAM_TOKEN_RE,
  type NotificationChannel,
  type NotificationChannelView,
  type NotificationRule,
} from '@leadgrid/shared/settings/notifications';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Drawer,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { applyServerErrors, checkRule, useRevalidateOnLanguageChange } from '../../../components/form';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { ResourceListTable } from '../../../components/list/ResourceListPage';
import { useResourceList, type ListMeta } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { BulkBar, useConfirmStatus, useStatusFilters } from '../../../components/listing/parts';
import { useNotificationChannels, useNotificationRules, useRecipients, useTestChannel, useUpdateChannels, useUpdateRules } from './api';
import { NS } from './i18n';

const WRITE = 'notification.update';

function useEventText() {
  const { t } = useTranslation(NS);
  return (event: string) => {
    const def = notificationEvent(event);
    return {
      title: t(`events.${event}.title`, { defaultValue: def?.title ?? event }),
      description: t(`events.${event}.description`, { defaultValue: def?.description ?? '' }),
    };
  };
}

/* ---------------- rules ---------------- */

interface RuleForm {
  channels: NotificationChannel[];
  roleTypes: RoleType[];
  userIds: number[];
  active: boolean;
}

function UsersPicker({ value = [], onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const found = useRecipients({ search });
  const named = useRecipients({ ids: value });
  const options = useMemo(() => {
    const byId = new Map([...(named.data ?? []), ...(found.data ?? [])].map((u) => [u.id, u]));
    return [...byId.values()].map((u) => ({
      value: u.id,
      label: (
        <Flex gap={6} align="center">
          <span>{u.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {u.email}
          </Typography.Text>
          {u.status !== 'active' ? <StatusTag status={u.status} /> : null}
        </Flex>
      ),
      title: `${u.name} ${u.email}`,
    }));
  }, [named.data, found.data]);
  return (
    <Select
      mode="multiple"
      value={value}
      onChange={onChange}
      options={options}
      filterOption={false}
      showSearch={{ onSearch: setSearch, filterOption: false }}
      loading={found.isFetching}
      placeholder={t('form.usersPlaceholder')}
      optionLabelProp="title"
      allowClear
      data-testid="rule-users"
    />
  );
}

function RuleDrawer({ rule, channels, onClose }: { rule: NotificationRule | null; channels: NotificationChannelView[]; onClose(): void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<RuleForm>();
  useRevalidateOnLanguageChange(form);
  const update = useUpdateRules();
  const eventText = useEventText();
  const ready = new Set(channels.filter((c) => c.ready).map((c) => c.type));
  const personal = rule ? !!notificationEvent(rule.event)?.personal : false;

  useEffect(() => {
    if (!rule) return;
    form.resetFields();
    form.setFieldsValue({ channels: rule.channels, roleTypes: rule.roleTypes, userIds: rule.userIds, active: rule.status === 'active' });
  }, [rule, form]);

  const submit = async () => {
    if (!rule) return;
    // an invalid form shows its messages on the fields: nothing more to do
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await update.mutateAsync([
        {
          event: rule.event as NotificationRule['event'],
          channels: values.channels,
          roleTypes: values.roleTypes,
          userIds: values.userIds,
          status: values.active ? 'active' : 'inactive',
        },
      ]);
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  return (
    <Drawer
      open={rule !== null}
      title={rule ? eventText(rule.event).title : t('rules.edit')}
      onClose={onClose}
      size={560}
      forceRender
      destroyOnHidden={false}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={update.isPending} onClick={() => void submit()} data-testid="rule-save">
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      {rule ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {eventText(rule.event).description}
        </Typography.Paragraph>
      ) : null}
      <Form<RuleForm> form={form} layout="vertical" data-testid="rule-form">
        <Form.Item name="channels" label={t('form.channels')} extra={t('form.channelsHint')}>
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {NOTIFICATION_CHANNELS.map((c) => (
              <Checkbox key={c} value={c} disabled={c === 'in_app'} data-testid={`rule-channel-${c}`}>
                <Space size={6}>
                  {t(`channels.${c}`)}
                  {c !== 'in_app' && !ready.has(c) ? (
                    <Tooltip title={t('rules.notReady', { channel: t(`channels.${c}`) })}>
                      <Tag color="warning" style={{ marginInlineEnd: 0 }}>
                        {t('channels.incomplete')}
                      </Tag>
                    </Tooltip>
                  ) : null}
                </Space>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="roleTypes" label={t('form.roleTypes')} extra={personal ? t('form.personalEvent') : t('form.roleTypesHint')}>
          <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
            {ROLE_TYPES.map((r) => (
              <Checkbox key={r} value={r} data-testid={`rule-role-${r}`}>
                {t(`roleTypes.${r}`)}
                {!personal && PERSONAL_ROLE_TYPES.includes(r) ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                    {t('form.personal')}
                  </Typography.Text>
                ) : null}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="userIds" label={t('form.users')}>
          <UsersPicker />
        </Form.Item>
        <Form.Item name="active" label={t('rules.status')} valuePropName="checked">
          <Switch checkedChildren={tc('status.active')} unCheckedChildren={tc('status.inactive')} data-testid="rule-status" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

function RulesCard({ channels, canWrite }: { channels: NotificationChannelView[]; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const resource = useResourceList<NotificationRule, ListMeta, string>({
    filters: ['status'],
    useList: useNotificationRules,
    rowKey: (rule) => rule.event,
  });
  const update = useUpdateRules();
  const confirmStatus = useConfirmStatus();
  const statusFilters = useStatusFilters(ACTIVE_STATUSES);
  const eventText = useEventText();
  const [editing, setEditing] = useState<NotificationRule | null>(null);
  const ready = new Set(channels.filter((c) => c.ready).map((c) => c.type));

  const columns: DataColumn<NotificationRule>[] = [
    {
      key: 'event',
      title: t('rules.event'),
      alwaysVisible: true,
      render: (event: string, row) => (
        <Flex vertical style={{ maxWidth: 360 }}>
          <Space size={6}>
            <Typography.Text strong>{eventText(event).title}</Typography.Text>
            {!row.saved ? (
              <Tooltip title={t('rules.defaultHint')}>
                <Tag style={{ marginInlineEnd: 0 }}>{t('rules.defaultRule')}</Tag>
              </Tooltip>
            ) : null}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {eventText(event).description}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'channels',
      title: t('rules.channels'),
      render: (list: NotificationChannel[]) => (
        <Flex gap={4} wrap>
          {list.map((c) => {
            const off = c !== 'in_app' && !ready.has(c);
            return (
              <Tooltip key={c} title={off ? t('rules.notReady', { channel: t(`channels.${c}`) }) : undefined}>
                <Tag
                  color={off ? 'warning' : c === 'in_app' ? 'blue' : c === 'email' ? 'cyan' : 'geekblue'}
                  style={{ marginInlineEnd: 0 }}
                  icon={off ? <ExclamationCircleOutlined /> : undefined}
                >
                  {t(`channels.${c}`)}
                </Tag>
              </Tooltip>
            );
          })}
        </Flex>
      ),
    },
    {
      key: 'recipients',
      title: t('rules.recipients'),
      render: (_, row) =>
        row.roleTypes.length || row.userIds.length ? (
          <Flex gap={4} wrap style={{ maxWidth: 360 }}>
            {row.roleTypes.map((r) => (
              <Tag key={r} style={{ marginInlineEnd: 0 }}>
                {t(`roleTypes.${r}`)}
              </Tag>
            ))}
            {row.userIds.length ? (
              <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                {t('rules.users', { count: row.userIds.length })}
              </Tag>
            ) : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('rules.nobody')}</Typography.Text>
        ),
    },
    { key: 'status', title: t('rules.status'), filters: statusFilters, render: (s: string) => <StatusTag status={s} /> },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: '',
      settingsLabel: t('actions.edit'),
      alwaysVisible: true,
      width: 64,
      align: 'right',
      render: (_, row) => (
        <Tooltip title={t('rules.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('rules.edit')}
            onClick={() => setEditing(row)}
            data-testid={`rule-edit-${row.event}`}
          />
        </Tooltip>
      ),
    });
  }

  return (
    <Card variant="borderless" title={t('rules.title')}>
      <ResourceListTable<NotificationRule, string>
        resource={resource}
        name="settings.notificationRules"
        rowKey="event"
        columns={columns}
        // a rule the status filter hides leaves the selection at the next change
        selectable={canWrite ? { preserveSelectedRowKeys: false } : false}
        empty={{ title: t('rules.emptyTitle'), description: t('rules.emptyText') }}
        bulk={(selected) => (
          <BulkBar
            count={selected.length}
            onClear={resource.clearSelection}
            busy={update.isPending}
            onStatus={(next) =>
              confirmStatus(selected.length, next, async () => {
                await update.mutateAsync(selected.map((event) => ({ event: event as NotificationRule['event'], status: next })));
                resource.clearSelection();
              })
            }
          />
        )}
        data-testid="notification-rules"
      />
      <RuleDrawer rule={editing} channels={channels} onClose={() => setEditing(null)} />
    </Card>
  );
}

/* ---------------- channels ---------------- */

function ChannelState({ channel }: { channel: NotificationChannelView }) {
  const { t } = useTranslation(NS);
  if (channel.ready) return <Badge status="success" text={t('channels.ready')} />;
  if (channel.status === 'active') return <Badge status="warning" text={t('channels.incomplete')} />;
  return <Badge status="default" text={t('channels.off')} />;
}

function EmailChannel({ channel, canWrite }: { channel: NotificationChannelView; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const update = useUpdateChannels();
  const test = useTestChannel();
  return (
    <Flex vertical gap={12} data-testid="channel-email">
      <Flex justify="space-between" align="center">
        <Space>
          <MailOutlined />
          <Typography.Text strong>{t('channels.email')}</Typography.Text>
          <ChannelState channel={channel} />
        </Space>
        <Switch
          checked={channel.status === 'active'}
          disabled={!canWrite}
          loading={update.isPending}
          onChange={(on) => void update.mutateAsync([{ type: 'email', status: on ? 'active' : 'inactive' }]).catch(() => undefined)}
          aria-label={t('channels.enabled')}
          data-testid="channel-email-switch"
        />
      </Flex>
      <Typography.Text type="secondary">{t('channels.emailText')}</Typography.Text>
      <Alert
        type={channel.smtpConfigured ? 'success' : 'warning'}
        showIcon
        title={channel.smtpConfigured ? t('channels.smtpOn') : t('channels.smtpOff')}
      />
      {canWrite ? (
        <Tooltip title={t('channels.testHint')}>
          <Button
            style={{ alignSelf: 'flex-start' }}
            loading={test.isPending}
            onClick={() => void test.mutateAsync('email').catch(() => undefined)}
            data-testid="channel-email-test"
          >
            {t('channels.test')}
          </Button>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

interface TelegramForm {
  botToken: string;
  chatId: string;
  active: boolean;
}

function TelegramChannel({ channel, canWrite }: { channel: NotificationChannelView; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<TelegramForm>();
  useRevalidateOnLanguageChange(form);
  const update = useUpdateChannels();
  const test = useTestChannel();
  const masked = channel.config.botToken ?? '';

  useEffect(() => {
    form.setFieldsValue({ botToken: masked, chatId: channel.config.chatId ?? '', active: channel.status === 'active' });
  }, [channel, masked, form]);

  const submit = async () => {
    // an invalid form shows its messages on the fields: nothing more to do
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const token = values.botToken?.trim() ?? '';
      await update.mutateAsync([
        {
          type: 'telegram',
          status: values.active ? 'active' : 'inactive',
          chatId: values.chatId?.trim() ?? '',
          ...(token && !isMaskedSecret(token) ? { botToken: token } : {}),
        },
      ]);
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  return (
    <Flex vertical gap={12} data-testid="channel-telegram">
      <Flex justify="space-between" align="center">
        <Space>
          <SendOutlined />
          <Typography.Text strong>{t('channels.telegram')}</Typography.Text>
          <ChannelState channel={channel} />
        </Space>
      </Flex>
      <Typography.Text type="secondary">{t('channels.telegramText')}</Typography.Text>
      <Form<TelegramForm> form={form} layout="vertical" disabled={!canWrite} requiredMark={false}>
        <Form.Item
          name="botToken"
          label={t('channels.botToken')}
          extra={masked ? t('channels.botTokenSaved', { masked }) : undefined}
          rules={[checkRule((v) => (!v || isMaskedSecret(String(v)) || TELEGRAM_TOKEN_RE.test(String(v).trim()) ? true : 'pattern'), tc)]}
        >
          <Input.Password
            placeholder={t('channels.botTokenPlaceholder')}
            autoComplete="off"
            visibilityToggle={{ visible: false }}
            onFocus={(e) => isMaskedSecret(e.target.value) && e.target.select()}
            data-testid="telegram-token"
          />
        </Form.Item>
        <Form.Item
          name="chatId"
          label={t('channels.chatId')}
          extra={t('channels.chatIdHint')}
          dependencies={['active']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                if (getFieldValue('active') && !(v ?? '').trim()) throw new Error(tc('validation.required'));
              },
            }),
            checkRule((v) => (!v || TELEGRAM_CHAT_RE.test(String(v).trim()) ? true : 'pattern'), tc),
          ]}
        >
          <Input placeholder="-1001234567890" autoComplete="off" data-testid="telegram-chat" />
        </Form.Item>
        <Form.Item name="active" label={t('channels.enabled')} valuePropName="checked">
          <Switch data-testid="telegram-switch" />
        </Form.Item>
      </Form>
      {canWrite ? (
        <Flex gap={8}>
          <Button type="primary" loading={update.isPending} onClick={() => void submit()} data-testid="telegram-save">
            {t('channels.save')}
          </Button>
          <Tooltip title={t('channels.testHint')}>
            <Button
              loading={test.isPending}
              disabled={!masked}
              onClick={() => void test.mutateAsync('telegram').catch(() => undefined)}
              data-testid="telegram-test"
            >
              {t('channels.test')}
            </Button>
          </Tooltip>
        </Flex>
      ) : null}
    </Flex>
  );
}

function ChannelsCard({ channels, canWrite }: { channels: NotificationChannelView[]; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const email = channels.find((c) => c.type === 'email');
  const telegram = channels.find((c) => c.type === 'telegram');
  const panel = { padding: 16, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}`, height: '100%' };
  return (
    <Card variant="borderless" title={t('channels.title')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <div style={panel}>{email ? <EmailChannel channel={email} canWrite={canWrite} /> : null}</div>
        </Col>
        <Col xs={24} lg={14}>
          <div style={panel}>{telegram ? <TelegramChannel channel={telegram} canWrite={canWrite} /> : null}</div>
        </Col>
      </Row>
    </Card>
  );
}

export default function NotificationSettingsPage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { access } = useSession();
  const canWrite = allowed(access, WRITE);
  const channels = useNotificationChannels();
  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      {!canWrite ? <Alert type="info" showIcon title={t('channels.readOnly')} /> : null}
      {channels.error ? (
        <Card variant="borderless">
          <Result
            status="warning"
            title={t('loadFailed')}
            extra={<Button onClick={() => void channels.refetch()}>{tc('table.retry')}</Button>}
          />
        </Card>
      ) : !channels.data ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <>
          <RulesCard channels={channels.data} canWrite={canWrite} />
          <ChannelsCard channels={channels.data} canWrite={canWrite} />
        </>
      )}
    </Page>
  );
}
