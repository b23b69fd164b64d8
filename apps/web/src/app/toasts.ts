/**
 * The API client's toasts before the signed-in frame has bound its themed notification instance (api/notify.ts):
 * on the auth screens, which load no antd, the first toast loads antd's notification in a chunk of its own, in the
 * page's theme and language (docs/decisions/web.md, first-load budgets).
 */
import { ConfigProvider, notification } from 'antd';
import { createElement } from 'react';
import i18n from '../i18n';
import { antdLocale, themeConfig } from './theme';
import { themeStore } from './preferences';

ConfigProvider.config({
  holderRender: (children) =>
    createElement(ConfigProvider, { theme: themeConfig(themeStore.get()), locale: antdLocale(i18n.language) }, children),
});

export { notification };
