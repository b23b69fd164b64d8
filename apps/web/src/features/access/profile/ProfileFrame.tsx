/**
 * The frame of every profile screen: the title and the tabs that reach all five profile pages (the sidebar in
 * profile mode shows only About and Security, product §2).
 */
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { useProfileT } from './i18n';

const TABS = [
  { path: '/profile/about', label: 'nav.profileAbout' },
  { path: '/profile/security', label: 'nav.profileSecurity' },
  { path: '/profile/loginsHistory', label: 'nav.profileLoginsHistory' },
  { path: '/profile/notifications', label: 'nav.profileNotifications' },
  { path: '/profile/tokens', label: 'nav.profileTokens' },
] as const;

export function ProfileFrame({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  const { t } = useProfileT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => pathname.startsWith(tab.path))?.path ?? TABS[0].path;
  return (
    <Page title={t('frame.title')} subtitle={t('frame.subtitle')} extra={extra}>
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(key)}
        items={TABS.map((tab) => ({ key: tab.path, label: t(tab.label) }))}
        tabBarStyle={{ marginBottom: 0 }}
        style={{ marginTop: -8 }}
        aria-label={t('frame.tabs')}
        data-testid="profile-tabs"
      />
      {children}
    </Page>
  );
}
