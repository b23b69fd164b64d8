/**
 * Toasts raised by code outside React (the API client). The app binds antd's themed notification
 * instance on mount; until then the static one is used.
 */
import { TOAST_DURATION_MS } from '@leadgrid/shared/constants';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';

type Kind = 'success' | 'error' | 'warning' | 'info';
let bound: NotificationInstance | null = null;

export function bindNotifier(instance: NotificationInstance | null) {
  bound = instance;
}

function show(kind: Kind, title: string, description?: string) {
  (bound ?? notification)[kind]({ title, description, duration: TOAST_DURATION_MS / 1000, placement: 'topRight', showProgress: true, pauseOnHover: true });
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  warning: (title: string, description?: string) => show('warning', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
