/**
 * /profile/notifications: the user's preferences grouped by type (GET /users/{id}/preferences). Notification
 * choices per event and personal channel are saved as preferences of type 'notifications' (PATCH the rows that
 * exist, PUT new ones; reset deletes them); any other stored preference types are listed and can be cleared.
 */
import { BellOutlined, DeleteOutlined, MailOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import type { NotificationEventDef } from '@leadgrid/shared/settings/notifications';
import { Alert, App, Button, Card, Checkbox, Divider, Flex, Result, Skeleton, Switch, Tag, Typography, theme } from 'antd';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { allowed, isStaff } from '../../../app/access';
import { useSession } from '../../../app/session';
import { useDeletePreferences, usePreferences, useSavePreferences, type Preference } from './api';
import { useProfileT } from './i18n';
import {
  changesBetween,
  choicesFrom,
  eventsFor,
  groupEvents,
  isDirty,
  NOTIFICATION_PREFERENCE_TYPE,
  PERSONAL_CHANNELS,
  type Choices,
  type PersonalChannel,
} from './notificationPrefs';
import { ProfileFrame } from './ProfileFrame';

const CHANNEL_ICONS: Record<PersonalChannel, React.ReactNode> = { in_app: <BellOutlined />, email: <MailOutlined /> };
const COLUMN = 112;

function ChannelHeader({ channel }: { channel: PersonalChannel }) {
  const { t } = useProfileT();
  return (
    <Flex vertical align="center" gap={2} style={{ width: COLUMN }}>
      <span aria-hidden>{CHANNEL_ICONS[channel]}</span>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {t(`notifications.channels.${channel}`)}
      </Typography.Text>
    </Flex>
  );
}

function NotificationMatrix({
  events,
  choices,
  onChange,
  disabled,
}: {
  events: NotificationEventDef[];
  choices: Choices;
  onChange: (next: Choices) => void;
  disabled: boolean;
}) {
  const { t } = useProfileT();
  const { token } = theme.useToken();
  const groups = groupEvents(events);

  const setOne = (event: string, channel: PersonalChannel, on: boolean) =>
    onChange({ ...choices, [event]: { ...choices[event], [channel]: on } });
  const setGroup = (list: NotificationEventDef[], channel: PersonalChannel, on: boolean) =>
    onChange({ ...choices, ...Object.fromEntries(list.map((e) => [e.event, { ...choices[e.event], [channel]: on }])) });

  return (
    <div role="table" aria-label={t('notifications.title')} data-testid="notification-matrix">
      <Flex role="row" align="center" style={{ padding: '0 16px 10px' }}>
        <Typography.Text
          type="secondary"
          style={{ flex: 1, fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.04em' }}
          role="columnheader"
        >
          {t('notifications.event')}
        </Typography.Text>
        {PERSONAL_CHANNELS.map((c) => (
          <div role="columnheader" key={c}>
            <ChannelHeader channel={c} />
          </div>
        ))}
      </Flex>
      <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}>
        {groups.map((group, gi) => (
          <Fragment key={group.id}>
            <Flex
              role="row"
              align="center"
              style={{
                padding: '10px 16px',
                background: token.colorFillQuaternary,
                borderTop: gi ? `1px solid ${token.colorBorderSecondary}` : undefined,
              }}
            >
              <Typography.Text strong style={{ flex: 1 }} role="rowheader">
                {t(`notifications.groups.${group.id}`)}
              </Typography.Text>
              {PERSONAL_CHANNELS.map((c) => {
                const on = group.events.filter((e) => choices[e.event]?.[c]).length;
                return (
                  <Flex key={c} justify="center" style={{ width: COLUMN }} role="cell">
                    <Checkbox
                      checked={on === group.events.length}
                      indeterminate={on > 0 && on < group.events.length}
                      onChange={(e) => setGroup(group.events, c, e.target.checked)}
                      disabled={disabled}
                      aria-label={t('notifications.groupToggle', {
                        group: t(`notifications.groups.${group.id}`),
                        channel: t(`notifications.channels.${c}`),
                      })}
                    />
                  </Flex>
                );
              })}
            </Flex>
            {group.events.map((e) => (
              <Flex
                key={e.event}
                role="row"
                align="center"
                style={{ padding: '12px 16px', borderTop: `1px solid ${token.colorBorderSecondary}` }}
                data-testid={`notification-${e.event}`}
              >
                <Flex vertical style={{ flex: 1, minWidth: 0, lineHeight: 1.35 }} role="cell">
                  <Typography.Text>{t(`notifications.events.${e.event}.title`, { defaultValue: e.title })}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {t(`notifications.events.${e.event}.description`, { defaultValue: e.description })}
                  </Typography.Text>
                </Flex>
                {PERSONAL_CHANNELS.map((c) => (
                  <Flex key={c} justify="center" style={{ width: COLUMN }} role="cell">
                    <Switch
                      size="small"
                      checked={Boolean(choices[e.event]?.[c])}
                      onChange={(on) => setOne(e.event, c, on)}
                      disabled={disabled}
                      aria-label={`${t(`notifications.events.${e.event}.title`, { defaultValue: e.title })}: ${t(`notifications.channels.${c}`)}`}
                    />
                  </Flex>
                ))}
              </Flex>
            ))}
          </Fragment>
        ))}
      </div>
    </div>
  );
}

function OtherPreferences({ preferences, userId }: { preferences: Preference[]; userId: number }) {
  const { t } = useProfileT();
  const { modal } = App.useApp();
  const remove = useDeletePreferences(userId);
  const byType = useMemo(() => {
    const map = new Map<string, Preference[]>();
    preferences.filter((p) => p.type !== NOTIFICATION_PREFERENCE_TYPE).forEach((p) => map.set(p.type, [...(map.get(p.type) ?? []), p]));
    return [...map];
  }, [preferences]);
  if (byType.length === 0) return null;

  const clear = (type: string, rows: Preference[]) =>
    modal.confirm({
      title: t('notifications.other.confirmTitle', { type: t(`notifications.other.types.${type}`, { defaultValue: type }) }),
      content: t('notifications.other.confirmText'),
      okText: t('notifications.other.clear'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(rows.map((r) => r.id)).catch(() => undefined),
    });

  return (
    <Card variant="borderless" title={t('notifications.other.title')} data-testid="other-preferences">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('notifications.other.text')}
      </Typography.Paragraph>
      {byType.map(([type, rows], i) => (
        <Fragment key={type}>
          {i ? <Divider style={{ margin: '12px 0' }} /> : null}
          <Flex align="center" gap={12} wrap>
            <Flex vertical style={{ flex: 1, minWidth: 200 }}>
              <Typography.Text strong>{t(`notifications.other.types.${type}`, { defaultValue: type })}</Typography.Text>
              <Flex gap={4} wrap style={{ marginTop: 4 }}>
                {rows.slice(0, 8).map((r) => (
                  <Tag key={r.id} style={{ marginInlineEnd: 0 }}>
                    {r.name}
                  </Tag>
                ))}
                {rows.length > 8 ? <Tag style={{ marginInlineEnd: 0 }}>+{rows.length - 8}</Tag> : null}
              </Flex>
            </Flex>
            <Button icon={<DeleteOutlined />} onClick={() => clear(type, rows)}>
              {t('notifications.other.clear')}
            </Button>
          </Flex>
        </Fragment>
      ))}
    </Card>
  );
}

export default function NotificationsPage() {
  const { t } = useProfileT();
  const { modal } = App.useApp();
  const { user, access } = useSession();
  const userId = user?.id ?? 0;
  const preferences = usePreferences(userId);
  const save = useSavePreferences(userId);
  const reset = useDeletePreferences(userId);
  const events = useMemo(() => (user ? eventsFor(user.role.type) : []), [user]);
  const saved = useMemo(() => choicesFrom(events, preferences.data ?? []), [events, preferences.data]);
  const [choices, setChoices] = useState<Choices>(saved);

  // stored values arrive (or are reloaded after a save): show them
  useEffect(() => setChoices(saved), [saved]);

  if (!user) return null;
  const rows = preferences.data ?? [];
  const notificationRows = rows.filter((p) => p.type === NOTIFICATION_PREFERENCE_TYPE);
  const dirty = isDirty(saved, choices);
  // Telegram posts to the staff chat an administrator connects: affiliates and advertisers never receive it
  const staff = access ? isStaff(access) : false;
  const busy = save.isPending || reset.isPending;

  const submit = () => save.mutateAsync(changesBetween(saved, choices, rows)).catch(() => undefined);
  const resetAll = () =>
    modal.confirm({
      title: t('notifications.resetTitle'),
      content: t('notifications.resetText'),
      okText: t('notifications.reset'),
      cancelText: t('common.cancel'),
      onOk: () => reset.mutateAsync(notificationRows.map((p) => p.id)).catch(() => undefined),
    });

  let body;
  if (preferences.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (preferences.error)
    body = (
      <Result
        status="warning"
        title={t('notifications.loadFailed')}
        extra={<Button onClick={() => void preferences.refetch()}>{t('table.retry')}</Button>}
      />
    );
  else body = <NotificationMatrix events={events} choices={choices} onChange={setChoices} disabled={busy} />;

  return (
    <ProfileFrame>
      <Card
        variant="borderless"
        title={t('notifications.title')}
        extra={
          notificationRows.length > 0 ? (
            <Button type="text" icon={<UndoOutlined />} onClick={resetAll} disabled={busy}>
              {t('notifications.reset')}
            </Button>
          ) : null
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: 0, marginBottom: 20, maxWidth: 720 }}>
          {t('notifications.text')}
        </Typography.Paragraph>
        {body}
        {staff ? (
          <Alert
            type="info"
            showIcon
            icon={<SendOutlined />}
            style={{ marginTop: 20 }}
            title={t('notifications.telegram')}
            description={
              allowed(access, 'notification.read') ? <Link to="/settings/notifications">{t('notifications.telegramLink')}</Link> : undefined
            }
          />
        ) : null}
        <Flex justify="flex-end" gap={8} style={{ marginTop: 20 }}>
          <Button onClick={() => setChoices(saved)} disabled={!dirty || busy}>
            {t('common.discard')}
          </Button>
          <Button type="primary" onClick={() => void submit()} disabled={!dirty} loading={save.isPending} data-testid="notifications-save">
            {t('common.save')}
          </Button>
        </Flex>
      </Card>
      <OtherPreferences preferences={rows} userId={userId} />
    </ProfileFrame>
  );
}
