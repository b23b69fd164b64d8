/** Texts of the hold-queue screen, in the `holdQueue` namespace. */
import i18n from '../../../i18n';

export const en = {
  title: 'Hold queue',
  subtitle: 'Hold back the leads of a geo during a daily window and release them in portions.',
  fields: {
    id: 'ID',
    geo: 'Geo',
    window: 'Window',
    periodStart: 'From',
    periodEnd: 'To',
    timezone: 'Time zone',
    interval: 'Release every',
    fresh: 'Fresh per release',
    old: 'Older per release',
    nextRelease: 'Next release',
    status: 'Status',
    createdAt: 'Created',
  },
  help: {
    title: 'How the hold queue works',
    window:
      'Leads of the geo that arrive between “From” and “To” (in the rule’s time zone) are held instead of being sent. A window whose end is earlier than its start runs across midnight, e.g. 22:00–06:00.',
    release:
      'At the start of the window and then every “Release every” minutes while it lasts, the queue lets out up to “Fresh per release” leads that arrived in the current window and up to “Older per release” leads still held from earlier windows. 0 releases none of that kind.',
  },
  overnight: 'across midnight',
  minutes: 'min',
  everyMinutes: 'every {{count}} min',
  inWindowNow: 'Holding now',
  preview: {
    title: 'Preview',
    holdingNow: 'A lead arriving now is held.',
    notHoldingNow: 'A lead arriving now is not held.',
    next: 'Next releases ({{zone}}):',
  },
  errors: {
    startTime: 'Enter the start as HH:MM',
    endTime: 'Enter an end as HH:MM that differs from the start',
  },
  placeholders: { geo: 'Choose a geo', timezone: 'Choose a time zone', geoFilter: 'Geo' },
  search: 'Search by geo',
  create: 'New rule',
  edit: 'Edit rule',
  emptyTitle: 'No hold-queue rules yet',
  emptyText: 'Add a rule to hold the leads of a geo at night or during peak hours and release them at a steady pace.',
  noGeos: 'Create an active geo first: a rule holds the leads of one geo.',
  actions: { save: 'Save', cancel: 'Cancel', edit: 'Edit' },
};

export const ru: typeof en = {
  title: 'Очередь удержания',
  subtitle: 'Удерживайте лиды гео в течение ежедневного окна и выпускайте их порциями.',
  fields: {
    id: 'ID',
    geo: 'Гео',
    window: 'Окно',
    periodStart: 'С',
    periodEnd: 'До',
    timezone: 'Часовой пояс',
    interval: 'Выпуск каждые',
    fresh: 'Свежих за выпуск',
    old: 'Старых за выпуск',
    nextRelease: 'Следующий выпуск',
    status: 'Статус',
    createdAt: 'Создано',
  },
  help: {
    title: 'Как работает очередь удержания',
    window:
      'Лиды гео, пришедшие между «С» и «До» (в часовом поясе правила), удерживаются вместо отправки. Окно, у которого конец раньше начала, проходит через полночь, например 22:00–06:00.',
    release:
      'В начале окна и затем каждые «Выпуск каждые» минут, пока оно длится, очередь выпускает до «Свежих за выпуск» лидов, пришедших в текущем окне, и до «Старых за выпуск» лидов, удержанных в прошлых окнах. 0 — не выпускать лиды этого вида.',
  },
  overnight: 'через полночь',
  minutes: 'мин',
  everyMinutes: 'каждые {{count}} мин',
  inWindowNow: 'Удерживает сейчас',
  preview: {
    title: 'Предпросмотр',
    holdingNow: 'Лид, пришедший сейчас, будет удержан.',
    notHoldingNow: 'Лид, пришедший сейчас, не будет удержан.',
    next: 'Ближайшие выпуски ({{zone}}):',
  },
  errors: {
    startTime: 'Введите начало в формате ЧЧ:ММ',
    endTime: 'Введите конец в формате ЧЧ:ММ, отличный от начала',
  },
  placeholders: { geo: 'Выберите гео', timezone: 'Выберите часовой пояс', geoFilter: 'Гео' },
  search: 'Поиск по гео',
  create: 'Новое правило',
  edit: 'Изменить правило',
  emptyTitle: 'Правил очереди удержания пока нет',
  emptyText: 'Добавьте правило, чтобы удерживать лиды гео ночью или в часы пик и выпускать их равномерно.',
  noGeos: 'Сначала создайте активное гео: правило удерживает лиды одного гео.',
  actions: { save: 'Сохранить', cancel: 'Отмена', edit: 'Изменить' },
};

export const NS = 'holdQueue';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
