/**
 * The devices signed in to the account (GET /auth/sessions): device and browser, IP, sign-in and last use in the
 * user's time zone, "Sign out" for any other one and "Sign out all other sessions".
 */
import { LaptopOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Result, Skeleton, Tag, Typography, theme } from 'antd';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { useEndSessions, useSessions, type Session } from './api';
import { DeviceCell } from './DeviceCell';
import { useProfileT } from './i18n';

export function SessionsCard() {
  const { t } = useProfileT();
  const { token } = theme.useToken();
  const { timezone } = useSession();
  const sessions = useSessions();
  const end = useEndSessions();
  const items = sessions.data ?? [];
  const others = items.filter((s) => !s.current);

  const row = (s: Session) => (
    <Flex
      key={s.id}
      align="center"
      justify="space-between"
      gap={16}
      wrap
      data-testid="session-row"
      style={{ padding: '14px 0', borderTop: `1px solid ${token.colorSplit}` }}
    >
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Flex align="center" gap={8} wrap>
          <DeviceCell userAgent={s.userAgent} />
          {s.current ? (
            <Tag color="success" variant="filled">
              {t('security.sessions.current')}
            </Tag>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12, paddingInlineStart: 26 }}>
          {[
            s.ip ? t('security.sessions.ip', { ip: s.ip }) : null,
            t('security.sessions.signedIn', { time: formatDateTime(s.createdAt, timezone) }),
            t('security.sessions.lastUsed', { time: formatDateTime(s.lastUsedAt, timezone) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      </Flex>
      {s.current ? null : (
        <Popconfirm title={t('security.sessions.endConfirm')} onConfirm={() => end.mutateAsync(s.id)} okButtonProps={{ danger: true }}>
          <Button size="small" icon={<LogoutOutlined />} loading={end.isPending && end.variables === s.id} data-testid="session-end">
            {t('security.sessions.end')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <LaptopOutlined />
          {t('security.sessions.title')}
        </Flex>
      }
      extra={
        others.length ? (
          <Popconfirm
            title={t('security.sessions.endOthersConfirm')}
            onConfirm={() => end.mutateAsync(undefined)}
            okButtonProps={{ danger: true }}
          >
            <Button danger size="small" loading={end.isPending && end.variables === undefined} data-testid="sessions-end-others">
              {t('security.sessions.endOthers')}
            </Button>
          </Popconfirm>
        ) : null
      }
      data-testid="sessions-card"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('security.sessions.text')}
      </Typography.Paragraph>
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : sessions.error ? (
        <Result
          status="warning"
          title={t('security.sessions.loadFailed')}
          extra={<Button onClick={() => void sessions.refetch()}>{t('security.sessions.retry')}</Button>}
        />
      ) : (
        <>
          {items.map(row)}
          {others.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('security.sessions.emptyTitle')} style={{ margin: '8px 0 0' }} />
          ) : null}
        </>
      )}
    </Card>
  );
}
