/**
 * Texts of the notification settings and the bell, in the `notifications` namespace. Notification texts follow the
 * event catalogue's templates (`{name}` placeholders become i18next `{{name}}`), so in-app notifications read in the
 * interface language; the stored English text is the fallback.
 */
import { NOTIFICATION_EVENTS } from '@leadgrid/shared/settings/notifications';
import i18n from '../../../i18n';

const toI18n = (template: string) => template.replace(/\{([A-Za-z0-9_]+)\}/g, '{{$1}}');
const templatesEn = Object.fromEntries(
  NOTIFICATION_EVENTS.map((e) => [e.event, { title: toI18n(e.template.title), body: toI18n(e.template.body) }]),
) as Record<string, { title: string; body: string }>;
const eventsEn = Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e.event, { title: e.title, description: e.description }])) as Record<
  string,
  { title: string; description: string }
>;

export const en = {
  title: 'Notifications',
  subtitle: 'Which events notify whom, and through which channels. Everyone can switch channels off for themselves in their profile.',
  rules: {
    title: 'Rules',
    event: 'Event',
    channels: 'Channels',
    recipients: 'Recipients',
    status: 'Status',
    edit: 'Edit rule',
    users_one: '{{count}} user',
    users_other: '{{count}} users',
    nobody: 'Nobody',
    notReady: '{{channel}} is not set up: this channel is skipped',
    defaultRule: 'Default',
    defaultHint: 'Not saved yet: the default of this event applies',
    emptyTitle: 'No rules match',
    emptyText: 'Change the status filter.',
  } as Record<string, string>,
  form: {
    channels: 'Channels',
    channelsHint:
      'In-app is always on: it is the record of every notification. E-mail goes to each recipient; Telegram posts once to the team chat.',
    roleTypes: 'Role types',
    roleTypesHint: 'Staff roles receive every event; affiliates and advertisers only the events about themselves.',
    users: 'Also notify these users',
    usersPlaceholder: 'Search by name or e-mail',
    status: 'Active',
    personal: 'only events about themselves',
    personalEvent: 'This event goes only to the users it is about (for example, whoever requested the export).',
  },
  channels: {
    title: 'Channel integrations',
    in_app: 'In-app',
    email: 'E-mail',
    telegram: 'Telegram',
    ready: 'Ready',
    off: 'Off',
    incomplete: 'Not set up',
    emailText: 'Notifications go to each recipient’s e-mail address through the server’s mailer.',
    smtpOn: 'SMTP is configured on the server.',
    smtpOff: 'SMTP_URL is not set on the server: e-mails are written to the server log instead of being sent.',
    telegramText:
      'A bot posts each notification once to a team chat or channel. Create the bot with @BotFather, add it to the chat, then paste its token and the chat id.',
    botToken: 'Bot token',
    botTokenSaved: 'A token is saved ({{masked}}). Leave the field as it is to keep it, or paste a new one.',
    botTokenPlaceholder: '123456789:AA...',
    chatId: 'Chat id',
    chatIdHint: 'A number (negative for groups and channels, e.g. -1001234567890) or @channel_name.',
    enabled: 'On',
    save: 'Save',
    test: 'Send a test',
    testHint: 'Sends a test message now',
    readOnly: 'Only administrators can change notification rules and channels.',
  },
  roleTypes: {
    admin: 'Administrators',
    affiliate_manager: 'Affiliate managers',
    advertiser_manager: 'Advertiser managers',
    employee: 'Employees',
    advertiser_member: 'Advertisers',
    affiliate: 'Affiliates',
  } as Record<string, string>,
  events: eventsEn,
  templates: templatesEn,
  bell: {
    title: 'Notifications',
    open: 'Notifications',
    unread_one: '{{count}} unread',
    unread_other: '{{count}} unread',
    empty: 'No notifications yet',
    emptyUnread: 'You have read everything',
    markAll: 'Mark all as read',
    markRead: 'Mark as read',
    all: 'All',
    onlyUnread: 'Unread only',
    loadFailed: 'Notifications could not be loaded',
    more: 'Show more',
    settings: 'Notification preferences',
  } as Record<string, string>,
  loadFailed: 'The notification settings could not be loaded',
  actions: { save: 'Save', cancel: 'Cancel', edit: 'Edit' },
};

export const ru: typeof en = {
  title: 'Уведомления',
  subtitle: 'Какие события кого уведомляют и по каким каналам. Каждый может отключить каналы для себя в профиле.',
  rules: {
    title: 'Правила',
    event: 'Событие',
    channels: 'Каналы',
    recipients: 'Получатели',
    status: 'Статус',
    edit: 'Изменить правило',
    users_one: '{{count}} пользователь',
    users_few: '{{count}} пользователя',
    users_many: '{{count}} пользователей',
    users_other: '{{count}} пользователя',
    nobody: 'Никто',
    notReady: '{{channel}} не настроен: этот канал пропускается',
    defaultRule: 'По умолчанию',
    defaultHint: 'Ещё не сохранено: действует правило события по умолчанию',
    emptyTitle: 'Нет подходящих правил',
    emptyText: 'Измените фильтр статуса.',
  },
  form: {
    channels: 'Каналы',
    channelsHint:
      'Уведомление в приложении всегда включено: это запись о каждом уведомлении. E-mail уходит каждому получателю; Telegram — один раз в общий чат.',
    roleTypes: 'Типы ролей',
    roleTypesHint: 'Сотрудники получают каждое событие; партнёры и рекламодатели — только события о себе.',
    users: 'Также уведомлять этих пользователей',
    usersPlaceholder: 'Поиск по имени или e-mail',
    status: 'Активно',
    personal: 'только события о себе',
    personalEvent: 'Это событие получают только те, кого оно касается (например, кто запросил выгрузку).',
  },
  channels: {
    title: 'Интеграции каналов',
    in_app: 'В приложении',
    email: 'E-mail',
    telegram: 'Telegram',
    ready: 'Готов',
    off: 'Выключен',
    incomplete: 'Не настроен',
    emailText: 'Уведомления уходят на e-mail каждого получателя через почту сервера.',
    smtpOn: 'SMTP на сервере настроен.',
    smtpOff: 'На сервере не задан SMTP_URL: письма записываются в журнал сервера вместо отправки.',
    telegramText:
      'Бот публикует каждое уведомление один раз в общий чат или канал. Создайте бота через @BotFather, добавьте его в чат и вставьте токен и id чата.',
    botToken: 'Токен бота',
    botTokenSaved: 'Токен сохранён ({{masked}}). Оставьте поле как есть, чтобы сохранить его, или вставьте новый.',
    botTokenPlaceholder: '123456789:AA...',
    chatId: 'ID чата',
    chatIdHint: 'Число (отрицательное для групп и каналов, например -1001234567890) или @имя_канала.',
    enabled: 'Вкл.',
    save: 'Сохранить',
    test: 'Отправить тест',
    testHint: 'Отправляет тестовое сообщение сейчас',
    readOnly: 'Менять правила и каналы уведомлений могут только администраторы.',
  },
  roleTypes: {
    admin: 'Администраторы',
    affiliate_manager: 'Менеджеры партнёров',
    advertiser_manager: 'Менеджеры рекламодателей',
    employee: 'Сотрудники',
    advertiser_member: 'Рекламодатели',
    affiliate: 'Партнёры',
  },
  events: {
    lead_failed: { title: 'Лид не доставлен', description: 'Лид не удалось доставить ни одному рекламодателю' },
    cap_reached: { title: 'Достигнут лимит', description: 'Кап оффера достиг своего значения' },
    invoice_created: { title: 'Создан счёт', description: 'Создан счёт для партнёра или рекламодателя' },
    invoice_paid: { title: 'Счёт оплачен', description: 'Счёт отмечен как оплаченный' },
    affiliate_registered: { title: 'Регистрация партнёра', description: 'Зарегистрировался новый партнёр' },
    postback_failed: { title: 'Постбэк не прошёл', description: 'Исходящий постбэк не прошёл после всех повторов' },
    api_sync_failed: { title: 'Ошибка синхронизации API', description: 'Не удалось получить статусы лидов из API рекламодателя' },
    offer_status_changed: { title: 'Изменён статус оффера', description: 'Оффер включён или остановлен' },
    export_ready: { title: 'Выгрузка готова', description: 'Запрошенная выгрузка или отчёт готовы к скачиванию' },
  },
  templates: {
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
  },
  bell: {
    title: 'Уведомления',
    open: 'Уведомления',
    unread_one: '{{count}} непрочитанное',
    unread_few: '{{count}} непрочитанных',
    unread_many: '{{count}} непрочитанных',
    unread_other: '{{count}} непрочитанного',
    empty: 'Уведомлений пока нет',
    emptyUnread: 'Всё прочитано',
    markAll: 'Прочитать все',
    markRead: 'Отметить прочитанным',
    all: 'Все',
    onlyUnread: 'Только непрочитанные',
    loadFailed: 'Не удалось загрузить уведомления',
    more: 'Показать ещё',
    settings: 'Настройки уведомлений',
  },
  loadFailed: 'Настройки уведомлений не удалось загрузить',
  actions: { save: 'Сохранить', cancel: 'Отмена', edit: 'Изменить' },
};

export const NS = 'notifications';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
