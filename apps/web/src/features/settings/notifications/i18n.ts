/**
 * Texts of the notification settings and the bell, in the `notifications` namespace. Notification texts follow the
 * event catalogue's templates (`{name}` placeholders become i18next `{{name}}`), so in-app notifications read in the
 * interface language; the stored English text is the fallback.
 */
import { NOTIFICATION_EVENTS, type NotificationEvent } from '@leadgrid/shared/settings/notifications';
import i18n from '../../../i18n';
import enTexts from './locales/en.json';
import ruTexts from './locales/ru.json';

const toI18n = (template: string) => template.replace(/\{([A-Za-z0-9_]+)\}/g, '{{$1}}');
const templatesEn = Object.fromEntries(
  NOTIFICATION_EVENTS.map((e) => [e.event, { title: toI18n(e.template.title), body: toI18n(e.template.body) }]),
) as Record<string, { title: string; body: string }>;
const eventsEn = Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e.event, { title: e.title, description: e.description }])) as Record<
  string,
  { title: string; description: string }
>;

/** the Russian texts of the shared event catalogue (its English is NOTIFICATION_EVENTS'), checked against its events */
const eventsRu: Record<NotificationEvent, { title: string; description: string }> = {
  lead_failed: { title: 'Лид не доставлен', description: 'Лид не удалось доставить ни одному рекламодателю' },
  cap_reached: { title: 'Достигнут лимит', description: 'Кап оффера достиг своего значения' },
  invoice_created: { title: 'Создан счёт', description: 'Создан счёт для партнёра или рекламодателя' },
  invoice_paid: { title: 'Счёт оплачен', description: 'Счёт отмечен как оплаченный' },
  affiliate_registered: { title: 'Регистрация партнёра', description: 'Зарегистрировался новый партнёр' },
  postback_failed: { title: 'Постбэк не прошёл', description: 'Исходящий постбэк не прошёл после всех повторов' },
  api_sync_failed: { title: 'Ошибка синхронизации API', description: 'Не удалось получить статусы лидов из API рекламодателя' },
  offer_status_changed: { title: 'Изменён статус оффера', description: 'Оффер включён или остановлен' },
  export_ready: { title: 'Выгрузка готова', description: 'Запрошенная выгрузка или отчёт готовы к скачиванию' },
};
const templatesRu: Record<NotificationEvent, { title: string; body: string }> = {
  lead_failed: {
    title: 'Лид #{{leadId}} не доставлен',
    body: 'Ни один рекламодатель не принял лид #{{leadId}} оффера {{offer}}: {{reason}}',
  },
  cap_reached: { title: 'Лимит достигнут: {{offer}}', body: 'Кап #{{capId}} оффера {{offer}} достиг {{value}} за {{period}}' },
  invoice_created: { title: 'Создан счёт #{{invoiceId}}', body: 'Создан счёт #{{invoiceId}} на {{amount}} {{currency}}' },
  invoice_paid: { title: 'Счёт #{{invoiceId}} оплачен', body: 'Счёт #{{invoiceId}} на {{amount}} {{currency}} оплачен' },
  affiliate_registered: { title: 'Новый партнёр: {{name}}', body: '{{name}} ({{email}}) зарегистрировался' },
  postback_failed: { title: 'Постбэк не прошёл', body: 'Постбэк на {{url}} не прошёл: {{error}}' },
  api_sync_failed: {
    title: 'Ошибка синхронизации API: {{advertiser}}',
    body: 'Синхронизация статусов с {{advertiser}} не удалась: {{error}}',
  },
  offer_status_changed: { title: 'Оффер {{offer}}: {{status}}', body: 'Оффер {{offer}} теперь {{status}}' },
  export_ready: { title: 'Выгрузка готова', body: 'Выгрузка «{{name}}» готова к скачиванию' },
};

export const en = { ...enTexts, events: eventsEn, templates: templatesEn };
export const ru: typeof en = { ...ruTexts, events: eventsRu, templates: templatesRu };

export const NS = 'notifications';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
