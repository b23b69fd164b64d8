/** The header banners (product §4): trial and impersonation. */
import { ClockCircleOutlined, RollbackOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../api/settings';
import { daysUntil } from '../../components/format';
import { useSession } from '../session';
import { useRoleTitle } from '../../components/roleTitle';

const bannerStyle = { borderRadius: 0, borderInline: 'none', borderTop: 'none', paddingBlock: 8, paddingInline: 28 } as const;

export function TrialBanner() {
  const { t } = useTranslation();
  const { data } = usePublicSettings();
  const { impersonating, timezone } = useSession();
  if (!data?.trialExpireAt || impersonating) return null;
  const days = daysUntil(data.trialExpireAt, timezone);
  return (
    <Alert
      type={days > 0 ? 'warning' : 'error'}
      showIcon
      icon={<ClockCircleOutlined />}
      banner
      style={bannerStyle}
      title={days > 0 ? t('banners.trialExpires', { count: days }) : t('banners.trialExpired')}
      data-testid="trial-banner"
    />
  );
}

export function ImpersonationBanner() {
  const { t } = useTranslation();
  const roleTitle = useRoleTitle();
  const { impersonating, user, leaveImpersonation } = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!impersonating || !user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const leave = async () => {
    setLeaving(true);
    try {
      await leaveImpersonation();
    } finally {
      setLeaving(false);
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      icon={<UserSwitchOutlined />}
      banner
      style={bannerStyle}
      title={
        <span>
          {t('banners.impersonating', { role: roleTitle(user.role) })} <strong>· {name}</strong>
        </span>
      }
      action={
        <Button size="small" type="primary" icon={<RollbackOutlined />} loading={leaving} onClick={() => void leave()}>
          {t('banners.backToAccount')}
        </Button>
      }
      data-testid="impersonation-banner"
    />
  );
}
