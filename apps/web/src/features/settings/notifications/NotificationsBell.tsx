/**
 * The header bell: the signed-in user's unread count (polled every minute) and their latest in-app notifications,
 * read in the interface language; opening one marks it read and follows its link.
 */
import { BellOutlined, CheckOutlined, SettingOutlined } from '@ant-design/icons';
import type { MyNotification } from '@leadgrid/shared/settings/notifications';
import { Badge, Button, Divider, Empty, Flex, Popover, Result, Segmented, Skeleton, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { useMarkAllRead, useMarkRead, useMyNotifications } from './api';
import { NS } from './i18n';

const PAGE = 10;

/** The text of a notification in the interface language, from its event template and values; the stored text otherwise. */
export function useNotificationText() {
  const { t, i18n } = useTranslation(NS);
  return (n: MyNotification) => {
    const values = (n.data?.values ?? null) as Record<string, string | number> | null;
    const key = `templates.${n.event}`;
    if (!values || !i18n.exists(`${key}.title`, { ns: NS })) return { title: n.title, body: n.body };
    return { title: t(`${key}.title`, { ...values, defaultValue: n.title }), body: t(`${key}.body`, { ...values, defaultValue: n.body }) };
  };
}

function Item({ n, onOpen }: { n: MyNotification; onOpen: (n: MyNotification) => void }) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const { timezone } = useSession();
  const text = useNotificationText()(n);
  const unread = n.readAt === null;
  return (
    <Flex
      gap={10}
      role="button"
      tabIndex={0}
      onClick={() => onOpen(n)}
      onKeyDown={(e) => (e.key === 'Enter' ? onOpen(n) : undefined)}
      data-testid="bell-item"
      style={{
        padding: '10px 12px',
        borderRadius: token.borderRadius,
        cursor: 'pointer',
        background: unread ? token.colorPrimaryBg : undefined,
      }}
    >
      <span
        style={{
          width: 8,
          height: 8,
          marginTop: 7,
          borderRadius: 4,
          flex: '0 0 8px',
          background: unread ? token.colorPrimary : 'transparent',
        }}
        aria-label={unread ? t('bell.markRead') : undefined}
      />
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong={unread} ellipsis={{ tooltip: text.title }}>
          {text.title}
        </Typography.Text>
        {text.body ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {text.body}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {formatDateTime(n.createdAt, timezone)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

function Panel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [limit, setLimit] = useState(PAGE);
  const list = useMyNotifications({ limit, unread: filter === 'unread' ? 1 : undefined });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = list.data?.meta.unreadCount ?? 0;

  const open = (n: MyNotification) => {
    if (n.readAt === null) markRead.mutate([n.id]);
    const link = typeof n.data?.link === 'string' ? n.data.link : null;
    if (link && link.startsWith('/')) {
      onNavigate();
      navigate(link);
    }
  };

  let body;
  if (list.error)
    body = (
      <Result
        status="warning"
        title={t('bell.loadFailed')}
        extra={
          <Button size="small" onClick={() => void list.refetch()}>
            {tc('table.retry')}
          </Button>
        }
        style={{ padding: 16 }}
      />
    );
  else if (!list.data) body = <Skeleton active paragraph={{ rows: 4 }} style={{ padding: 12 }} />;
  else if (!list.data.items.length)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={filter === 'unread' ? t('bell.emptyUnread') : t('bell.empty')}
        style={{ padding: '24px 0' }}
      />
    );
  else
    body = (
      <Flex vertical gap={2} style={{ maxHeight: 420, overflowY: 'auto' }}>
        {list.data.items.map((n) => (
          <Item key={n.id} n={n} onOpen={open} />
        ))}
        {list.data.meta.totalCount > list.data.items.length ? (
          <Button type="link" size="small" onClick={() => setLimit((l) => l + PAGE)} loading={list.isFetching}>
            {t('bell.more')}
          </Button>
        ) : null}
      </Flex>
    );

  return (
    <Flex vertical style={{ width: 380, maxWidth: 'calc(100vw - 32px)' }} data-testid="bell-panel">
      <Flex justify="space-between" align="center" style={{ padding: '4px 4px 8px' }}>
        <Flex vertical>
          <Typography.Text strong style={{ fontSize: 15 }}>
            {t('bell.title')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('bell.unread', { count: unread })}
          </Typography.Text>
        </Flex>
        <Flex gap={4}>
          <Tooltip title={t('bell.markAll')}>
            <Button
              size="small"
              type="text"
              icon={<CheckOutlined />}
              disabled={!unread}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
              aria-label={t('bell.markAll')}
              data-testid="bell-mark-all"
            />
          </Tooltip>
          <Tooltip title={t('bell.settings')}>
            <Button
              size="small"
              type="text"
              icon={<SettingOutlined />}
              aria-label={t('bell.settings')}
              onClick={() => {
                onNavigate();
                navigate('/profile/notifications');
              }}
            />
          </Tooltip>
        </Flex>
      </Flex>
      <Segmented<'all' | 'unread'>
        size="small"
        block
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setLimit(PAGE);
        }}
        options={[
          { value: 'all', label: t('bell.all') },
          { value: 'unread', label: t('bell.onlyUnread') },
        ]}
      />
      <Divider style={{ margin: '8px 0' }} />
      {body}
    </Flex>
  );
}

export function NotificationsBell() {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  // the count shown on the bell: one row is enough, the meta carries the unread count
  const summary = useMyNotifications({ limit: 1 }, { poll: true });
  const unread = summary.data?.meta.unreadCount ?? 0;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      content={<Panel onNavigate={() => setOpen(false)} />}
      destroyOnHidden
    >
      <Button
        type="text"
        shape="circle"
        aria-label={unread ? `${t('bell.open')}: ${t('bell.unread', { count: unread })}` : t('bell.open')}
        title={t('bell.open')}
        data-testid="notifications-bell"
        icon={
          <Badge count={unread} size="small" overflowCount={99} offset={[4, -2]}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
