/** /profile/loginsHistory: every sign-in attempt of this account, newest first, in the user's time zone. */
import { Card, Flex, Tag, Typography, theme } from 'antd';
import { useSession } from '../../../app/session';
import { formatDate } from '../../../components/format';
import { dateTimeColumn } from '../../../components/list/columns';
import { ResourceListTable } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { useLoginsHistory, type LoginHistoryEntry } from './api';
import { useProfileT } from './i18n';
import { ProfileFrame } from './ProfileFrame';
import { DeviceCell } from './DeviceCell';

export default function LoginsHistoryPage() {
  const { t } = useProfileT();
  const { user, timezone } = useSession();
  const { token } = theme.useToken();
  // the answer's meta has the first sign-in's date beside the count
  const resource = useResourceList({ defaultOrderBy: 'createdAt:desc', useList: (q) => useLoginsHistory(user?.id ?? 0, q) });
  if (!user) return null;

  const reasonText = (reason: string | null) =>
    reason ? t(`logins.reasons.${reason}`, { defaultValue: reason.replace(/_/g, ' ') }) : null;

  const columns: DataColumn<LoginHistoryEntry>[] = [
    { ...dateTimeColumn('createdAt', t('logins.columns.time'), timezone), alwaysVisible: true, width: 200 },
    {
      key: 'result',
      title: t('logins.columns.result'),
      width: 260,
      render: (_v, row) => (
        <Flex align="center" gap={8} wrap>
          <Tag color={row.success ? 'success' : 'error'} variant="filled" style={{ marginInlineEnd: 0 }}>
            {row.success ? t('logins.success') : t('logins.failed')}
          </Tag>
          {row.reason ? (
            <Typography.Text type={row.success ? 'secondary' : 'danger'} style={{ fontSize: 13 }}>
              {reasonText(row.reason)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'device',
      title: t('logins.columns.device'),
      render: (_v, row) => <DeviceCell userAgent={row.userAgent} />,
    },
    {
      key: 'ip',
      title: t('logins.columns.ip'),
      width: 180,
      render: (_v, row) =>
        row.ip ? <Typography.Text style={{ fontFamily: token.fontFamilyCode, fontSize: 13 }}>{row.ip}</Typography.Text> : '—',
    },
  ];

  const meta = resource.list.data?.meta;
  return (
    <ProfileFrame>
      <Card variant="borderless">
        <ResourceListTable<LoginHistoryEntry>
          resource={resource}
          name="profile.loginsHistory"
          columns={columns}
          empty={{ title: t('logins.emptyTitle'), description: t('logins.emptyText') }}
          toolbar={
            meta && meta.totalCount > 0 ? (
              <Typography.Text type="secondary" data-testid="logins-summary">
                {t('logins.summary', { count: meta.totalCount, since: formatDate(meta.minDate, timezone) })}
              </Typography.Text>
            ) : null
          }
        />
      </Card>
    </ProfileFrame>
  );
}
