/** Providers: data cache, antd theme (light/dark) and locale, the antd App context that toasts use. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { bindNotifier } from '../api/notify';
import { useThemeMode, type ThemeMode } from './preferences';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; a server that did not answer already opened the server-error popup
        retry: (count, err) => !(err instanceof ApiError) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const BRAND = '#4f46e5';
const FONT = `-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Inter', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif`;

export function themeConfig(mode: ThemeMode): ThemeConfig {
  const dark = mode === 'dark';
  return {
    algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    token: {
      colorPrimary: dark ? '#6d68f5' : BRAND,
      colorInfo: dark ? '#6d68f5' : BRAND,
      borderRadius: 8,
      fontFamily: FONT,
      colorBgLayout: dark ? '#0b0d12' : '#f4f6fb',
      colorBgContainer: dark ? '#14171f' : '#ffffff',
      colorBgElevated: dark ? '#1b1f2a' : '#ffffff',
      colorBorderSecondary: dark ? '#232836' : '#eceef3',
      colorBorder: dark ? '#2f3546' : '#d9dde6',
    },
    components: {
      Layout: {
        headerBg: dark ? '#14171f' : '#ffffff',
        siderBg: dark ? '#14171f' : '#ffffff',
        bodyBg: dark ? '#0b0d12' : '#f4f6fb',
        headerPadding: '0 20px',
        headerHeight: 60,
      },
      Menu: {
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
        itemBorderRadius: 8,
        itemMarginInline: 8,
        itemHeight: 38,
        iconSize: 16,
        collapsedIconSize: 17,
        itemSelectedBg: dark ? 'rgba(109,104,245,0.18)' : '#eef0fe',
        itemSelectedColor: dark ? '#b9b6ff' : BRAND,
      },
      Card: { headerFontSize: 15 },
      Table: { headerBg: dark ? '#181c26' : '#f8f9fc' },
    },
  };
}

/** Binds the themed notification instance for the API client, and paints the page behind the app. */
function ShellBridge({ mode }: { mode: ThemeMode }) {
  const { notification } = AntApp.useApp();
  const { token } = antTheme.useToken();
  useEffect(() => {
    bindNotifier(notification);
    return () => bindNotifier(null);
  }, [notification]);
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--lg-bg-layout', token.colorBgLayout);
    root.style.setProperty('--lg-text', token.colorText);
    root.style.setProperty('--lg-primary', token.colorPrimary);
    root.style.colorScheme = mode;
    root.dataset.theme = mode;
  }, [token.colorBgLayout, token.colorText, token.colorPrimary, mode]);
  return null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const mode = useThemeMode();
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeConfig(mode)} locale={i18n.language === 'ru' ? ruRU : enUS}>
        <AntApp notification={{ placement: 'topRight', maxCount: 6 }}>
          <ShellBridge mode={mode} />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
