/** The main layout (product §2): header, minimisable sidebar, content; profile mode under /profile. */
import { Drawer, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { notify } from '../../api/notify';
import { useLayoutLookups } from '../../api/reference';
import { usePublicSettings } from '../../api/settings';
import { isAffiliate, useWrongPermissions, wrongPermissionsStore } from '../access';
import { AntdProviders } from '../AntdProviders';
import { setSidebarMini, useSidebarMini } from '../preferences';
import { useSession } from '../session';
import { useNarrow, usePhone } from '../viewport';
import { AppHeader } from './Header';
import { Sidebar, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from './Sidebar';

/** Product §6: after a redirect for a missing permission, warn once and clear the flag. */
function WrongPermissionsNotice() {
  const { t } = useTranslation();
  const flagged = useWrongPermissions();
  useEffect(() => {
    if (!flagged) return;
    notify.warning(t('errors.wrongPermissions.title'), t('errors.wrongPermissions.text'));
    wrongPermissionsStore.set(false);
  }, [flagged, t]);
  return null;
}

/** Product §1: the chat-support widget, never for affiliates unless an admin acts as them. */
function ChatSupport() {
  const { data } = usePublicSettings();
  const { access, impersonating } = useSession();
  const url = data?.chatSupportUrl;
  const show = Boolean(url) && Boolean(access) && (!isAffiliate(access!) || impersonating);
  useEffect(() => {
    if (!show || !url) return;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.lgChatSupport = '1';
    document.body.appendChild(script);
    return () => script.remove();
  }, [show, url]);
  return null;
}

function Frame() {
  const { access } = useSession();
  const { pathname } = useLocation();
  const mini = useSidebarMini();
  const narrow = useNarrow();
  const phone = usePhone();
  // under 1024 px the sidebar starts minimised whatever the saved choice; the toggle opens it for this view
  const [narrowOpen, setNarrowOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const profileMode = pathname === '/profile' || pathname.startsWith('/profile/');
  // product §2: in profile mode the sidebar expands
  const collapsed = profileMode ? false : narrow ? !narrowOpen : mini;
  // a link followed closes the phone menu and the narrow screen's opened sidebar
  useEffect(() => {
    setMenuOpen(false);
    setNarrowOpen(false);
  }, [pathname]);
  useLayoutLookups();
  if (!access) return null;
  const toggle = () => (phone ? setMenuOpen(true) : narrow ? setNarrowOpen(!narrowOpen) : setSidebarMini(!mini));
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {phone ? (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement="left"
          size={SIDER_WIDTH}
          closable={false}
          styles={{ body: { padding: 0 } }}
          rootClassName="lg-menu-drawer"
        >
          <Sidebar subject={access} collapsed={false} profileMode={profileMode} inDrawer />
        </Drawer>
      ) : (
        <Sidebar subject={access} collapsed={collapsed} profileMode={profileMode} />
      )}
      <Layout
        style={{
          // on a narrow screen an opened sidebar lies over the content instead of pushing it
          marginInlineStart: phone ? 0 : narrow ? SIDER_COLLAPSED_WIDTH : collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH,
          transition: 'margin-inline-start 0.2s',
          minWidth: 0,
        }}
      >
        <AppHeader collapsed={phone ? true : collapsed} canToggle={phone || !profileMode} onToggle={toggle} phone={phone} />
        <Layout.Content style={{ padding: phone ? '16px 12px 32px' : '24px 28px 40px', minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <WrongPermissionsNotice />
      <ChatSupport />
    </Layout>
  );
}

/** The signed-in frame inside antd's theme, locale and toasts, which load with it and not with the auth screens (app/AntdProviders.tsx). */
export function MainLayout() {
  return (
    <AntdProviders toasts>
      <Frame />
    </AntdProviders>
  );
}
