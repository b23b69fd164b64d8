/** The auth layout (spec §2): a header and centred content. */
import { Flex, Layout, theme, Typography } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSystemName } from '../../api/settings';
import { Brand, LanguageSwitch, ThemeSwitch } from './controls';
import { preloadMainLayout } from './loadMainLayout';

export function AuthLayout() {
  const { token } = theme.useToken();
  const name = useSystemName();
  // the signed-in frame is fetched while the user types, so signing in does not wait for it
  useEffect(() => preloadMainLayout(), []);
  return (
    <Layout
      style={{
        minHeight: '100vh',
        background: `radial-gradient(1200px 600px at 15% -10%, ${token.colorPrimaryBg}, transparent 60%), radial-gradient(900px 500px at 110% 110%, ${token.colorPrimaryBg}, transparent 55%), ${token.colorBgLayout}`,
      }}
    >
      <Flex component="header" align="center" justify="space-between" style={{ height: 64, padding: '0 24px' }}>
        <Brand />
        <Flex gap={4} align="center">
          <LanguageSwitch />
          <ThemeSwitch />
        </Flex>
      </Flex>
      <Flex component="main" flex={1} align="center" justify="center" style={{ padding: '24px 16px 48px' }}>
        <Outlet />
      </Flex>
      <Typography.Text type="secondary" style={{ textAlign: 'center', padding: '0 16px 20px', fontSize: 12 }}>
        © {new Date().getFullYear()} {name}
      </Typography.Text>
    </Layout>
  );
}
