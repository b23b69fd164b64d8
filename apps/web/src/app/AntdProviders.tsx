/**
 * antd's providers: its theme (light/dark) and locale, and the antd App context that toasts use. Loaded with the
 * signed-in frame (layouts/MainLayout.tsx), the app-wide dialogs (GlobalDialogs.tsx) and the first toast
 * (app/toasts.tsx), never with the auth screens, which use their own form kit (docs/decisions/web.md, first-load budgets).
 */
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bindNotifier } from '../api/notify';
import { ThemeVariables } from '../components/ThemeVariables';
import { useThemeMode } from './preferences';
import { antdLocale, themeConfig } from './theme';

/** Binds the themed notification instance for the API client (the page's colours are set by app/providers.tsx). */
function NotifierBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    bindNotifier(notification);
    return () => bindNotifier(null);
  }, [notification]);
  return null;
}

/**
 * antd's theme and locale around `children`; with `toasts`, the antd App context whose notification instance the API
 * client uses (the signed-in frame's).
 */
export function AntdProviders({ children, toasts = false }: { children: ReactNode; toasts?: boolean }) {
  const mode = useThemeMode();
  const { i18n } = useTranslation();
  const config = themeConfig(mode);
  return (
    <ConfigProvider theme={config} locale={antdLocale(i18n.language)}>
      <ThemeVariables components={config.components} />
      <AntApp notification={{ placement: 'topRight', maxCount: 6 }}>
        {toasts ? <NotifierBridge /> : null}
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
