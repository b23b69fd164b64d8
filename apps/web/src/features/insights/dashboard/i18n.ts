/** Texts of the dashboard (`/`) in the `dashboard` namespace; metric and dimension titles come from the statistics texts. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import '../statistics/i18n';

export const NS = 'dashboard';

export const en = {
  title: 'Dashboard',
  welcome: 'Welcome back, {{name}}. The figures of the period, from the statistics.',
  add: 'Add a widget',
  reset: 'Restore the default',
  resetConfirm: 'Replace every widget with the default dashboard?',
  empty: 'No widgets on this dashboard yet.',
  failed: 'These figures could not be loaded.',
  retry: 'Retry',
  noData: 'No data for the period',
  hidden: 'Not available to you',
  configure: 'Configure',
  remove: 'Remove',
  removeConfirm: 'Remove this widget?',
  drag: 'Drag to move',
  saved: 'Dashboard saved',
  types: {
    kpi: 'KPI card',
    line: 'Line chart',
    top: 'Top table',
    funnel: 'Lead funnel',
    live: 'Live counters',
  },
  typeHints: {
    kpi: 'One metric for the period, its change against the period before and a sparkline.',
    line: 'Up to five metrics over time.',
    top: 'The best offers, affiliates, advertisers, countries or subs by a metric.',
    funnel: 'Clicks → leads → sent → approved.',
    live: 'Clicks and leads of the last hour, refreshed every 30 seconds.',
  },
  form: {
    addTitle: 'Add a widget',
    editTitle: 'Configure the widget',
    type: 'Type',
    title: 'Title',
    titlePlaceholder: 'Automatic',
    metric: 'Metric',
    metrics: 'Metrics (up to five)',
    groupBy: 'Rank',
    limit: 'Rows',
    save: 'Save',
    add: 'Add',
    cancel: 'Cancel',
    required: 'Required',
  },
  kpi: {
    previous: 'before: {{value}}',
    noChange: 'no previous figures',
  },
  top: {
    by: 'Top: {{metric}} by {{dimension}}',
    none: '(none)',
  },
  funnel: {
    title: 'Lead funnel',
    steps: {
      clicks: 'Clicks',
      leads: 'Leads',
      leads_sent: 'Sent',
      approved_conversions: 'Approved',
    },
    ofPrevious: '{{rate}} of the step before',
  },
  live: {
    title: 'Live: the last hour',
    clicks: 'Clicks',
    leads: 'Leads',
    window: '{{from}}–{{to}}, refreshed every 30 s',
  },
  line: {
    title: 'Over time',
  },
};

export const ru: typeof en = {
  title: 'Дашборд',
  welcome: 'С возвращением, {{name}}. Показатели периода — из статистики.',
  add: 'Добавить виджет',
  reset: 'Вернуть по умолчанию',
  resetConfirm: 'Заменить все виджеты дашбордом по умолчанию?',
  empty: 'На дашборде пока нет виджетов.',
  failed: 'Не удалось загрузить показатели.',
  retry: 'Повторить',
  noData: 'Нет данных за период',
  hidden: 'Недоступно вам',
  configure: 'Настроить',
  remove: 'Удалить',
  removeConfirm: 'Удалить этот виджет?',
  drag: 'Перетащите, чтобы переместить',
  saved: 'Дашборд сохранён',
  types: {
    kpi: 'KPI-карточка',
    line: 'Линейный график',
    top: 'Топ-таблица',
    funnel: 'Воронка лидов',
    live: 'Живые счётчики',
  },
  typeHints: {
    kpi: 'Одна метрика за период, изменение к предыдущему периоду и спарклайн.',
    line: 'До пяти метрик во времени.',
    top: 'Лучшие офферы, аффилиаты, рекламодатели, страны или сабы по метрике.',
    funnel: 'Клики → лиды → отправлены → одобрены.',
    live: 'Клики и лиды за последний час, обновление каждые 30 секунд.',
  },
  form: {
    addTitle: 'Добавить виджет',
    editTitle: 'Настройка виджета',
    type: 'Тип',
    title: 'Заголовок',
    titlePlaceholder: 'Автоматически',
    metric: 'Метрика',
    metrics: 'Метрики (до пяти)',
    groupBy: 'Рейтинг',
    limit: 'Строк',
    save: 'Сохранить',
    add: 'Добавить',
    cancel: 'Отмена',
    required: 'Обязательно',
  },
  kpi: {
    previous: 'до этого: {{value}}',
    noChange: 'нет данных за прошлый период',
  },
  top: {
    by: 'Топ ({{dimension}}): {{metric}}',
    none: '(нет)',
  },
  funnel: {
    title: 'Воронка лидов',
    steps: {
      clicks: 'Клики',
      leads: 'Лиды',
      leads_sent: 'Отправлены',
      approved_conversions: 'Одобрены',
    },
    ofPrevious: '{{rate}} от предыдущего шага',
  },
  live: {
    title: 'Сейчас: последний час',
    clicks: 'Клики',
    leads: 'Лиды',
    window: '{{from}}–{{to}}, обновление каждые 30 с',
  },
  line: {
    title: 'Во времени',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** the dashboard's texts, then the statistics' (metric and dimension titles), then the app's */
export const useDashboardT = () => useTranslation([NS, 'statistics', 'translation'], { nsMode: 'fallback' });
