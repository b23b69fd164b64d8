/** The main header: sidebar toggle, theme and language switches, the user menu, and the banners. */
import {
  DownOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { User } from '@leadgrid/shared/access/users';
import { Avatar, Button, Divider, Dropdown, Flex, Layout, theme, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../session';
import { ImpersonationBanner, TrialBanner } from './Banners';
import { LanguageSwitch, ThemeSwitch } from './controls';
import { imageUrl } from '../../api/images';
import { NotificationsBell } from '../../features/settings/notifications/NotificationsBell';
import { useRoleTitle } from '../../components/roleTitle';

const initials = (user: User) =>
  `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase() || user.email[0]?.toUpperCase() || '?';

function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const roleTitle = useRoleTitle();
  const navigate = useNavigate();
  const { user, signOut } = useSession();
  const { token } = theme.useToken();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
          { key: 'security', icon: <SafetyOutlined />, label: t('nav.profileSecurity') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/profile/about');
          if (key === 'security') navigate('/profile/security');
          if (key === 'logout') void signOut();
        },
      }}
    >
      <Button type="text" style={{ height: 44, paddingInline: 8 }} data-testid="user-menu" aria-label={compact ? name : undefined}>
        <Flex align="center" gap={10}>
          <Avatar size={32} src={imageUrl(user.avatarImageId)} style={{ background: token.colorPrimary, fontSize: 13, fontWeight: 600 }}>
            {initials(user)}
          </Avatar>
          {compact ? null : (
            <Flex vertical align="start" style={{ lineHeight: 1.2, maxWidth: 180 }} className="lg-user-name">
              <Typography.Text strong ellipsis style={{ maxWidth: 180 }}>
                {name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                {roleTitle(user.role)}
              </Typography.Text>
            </Flex>
          )}
          <DownOutlined style={{ fontSize: 10, color: token.colorTextTertiary }} />
        </Flex>
      </Button>
    </Dropdown>
  );
}

/** `phone`: the toggle opens the menu drawer, and the header keeps what fits (no user name, no divider) */
export function AppHeader({
  collapsed,
  onToggle,
  canToggle,
  phone = false,
}: {
  collapsed: boolean;
  onToggle: () => void;
  canToggle: boolean;
  phone?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // a user who must set up two-factor sign-in first reads nothing else (the server answers 403)
  const setupOnly = Boolean(useSession().user?.twoFactorSetupRequired);
  return (
    <div style={{ position: 'sticky', top: 0, zIndex: 15 }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 32 }}>
          {phone ? (
            <Button type="text" icon={<MenuOutlined />} onClick={onToggle} aria-label={t('header.openMenu')} data-testid="menu-button" />
          ) : canToggle ? (
            <Tooltip title={t(collapsed ? 'header.expandSidebar' : 'header.collapseSidebar')}>
              <Button
                type="text"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={onToggle}
                aria-label={t(collapsed ? 'header.expandSidebar' : 'header.collapseSidebar')}
                data-testid="sidebar-toggle"
              />
            </Tooltip>
          ) : null}
        </div>
        <Flex align="center" gap={phone ? 0 : 4} style={{ minWidth: 0 }}>
          {setupOnly ? null : <NotificationsBell />}
          <LanguageSwitch />
          <ThemeSwitch />
          {phone ? null : <Divider orientation="vertical" style={{ height: 24, marginInline: 8 }} />}
          <UserMenu compact={phone} />
        </Flex>
      </Layout.Header>
      <ImpersonationBanner />
      <TrialBanner />
    </div>
  );
}
