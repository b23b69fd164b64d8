/**
 * Toasts raised by code outside React (the API client). The signed-in frame binds antd's themed notification
 * instance on mount (app/AntdProviders.tsx); before that (the auth screens, which load no antd) the first toast
 * loads antd's notification on demand (app/toasts.ts; docs/decisions/web.md, first-load budgets).
 */
import { TOAST_DURATION_MS } from '@leadgrid/shared/constants';
import type { NotificationInstance } from 'antd/es/notification/interface';

type Kind = 'success' | 'error' | 'warning' | 'info';
let bound: NotificationInstance | null = null;

export function bindNotifier(instance: NotificationInstance | null) {
  bound = instance;
}

function show(kind: Kind, title: string, description?: string) {
  const open = (instance: NotificationInstance) =>
    instance[kind]({
      title,
      description,
      duration: TOAST_DURATION_MS / 1000,
      placement: 'topRight',
      showProgress: true,
      pauseOnHover: true,
    });
  if (bound) open(bound);
  else void import('../app/toasts').then((m) => open(m.notification)).catch(() => undefined);
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  warning: (title: string, description?: string) => show('warning', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
