/**
 * Texts of the shared sieve controls (SieveEditor, SieveSummary, the sieve column picker), in the `sieve` namespace.
 * Shell keys (status, validation) fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

export const NS = 'sieve';

export const en = {
  keys: {
    countries: 'Countries',
    languages: 'Languages',
    trafficSourceIds: 'Traffic sources',
    landerIds: 'Landers',
    affiliateIds: 'Affiliates',
    teamIds: 'Teams',
    advertiserIds: 'Advertisers',
    schedule: 'Schedule',
  },
  any: {
    countries: 'Any country',
    languages: 'Any language',
    trafficSourceIds: 'Any traffic source',
    landerIds: 'Any lander',
    affiliateIds: 'Any affiliate',
    teamIds: 'Any team',
    advertiserIds: 'Any advertiser',
    schedule: 'Any time',
  },
  hints: {
    empty: 'Leave a list empty to match everything.',
    landersNeedOffer: 'Landers can be chosen once the offer has some.',
  },
  matchesAll: 'Matches everything',
  more: '+{{count}}',
  notFound: 'Not found (#{{id}})',
  days: { 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri', 6: 'Sat', 7: 'Sun' },
  daysLong: { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday' },
  everyDay: 'Every day',
  schedule: {
    anyTime: 'Any time',
    byWindows: 'By schedule',
    timezone: 'Time zone',
    from: 'From',
    to: 'To',
    addWindow: 'Add a window',
    removeWindow: 'Remove this window',
    noWindows: 'No window yet: the schedule matches no time until you add one.',
    pastMidnight: 'Runs past midnight into the next day',
    allDay: 'Equal times: the whole day',
    weekdays: 'Mon–Fri',
    weekend: 'Sat–Sun',
    everyDay: 'Every day',
    window: 'Window {{n}}',
  },
  errors: {
    days: 'Choose at least one weekday',
    from: 'Enter the start time as HH:mm',
    to: 'Enter the end time as HH:mm',
    timezone: 'Choose a time zone',
    invalid: 'Check the highlighted sieve fields',
  },
  pickers: {
    search: 'Type to search',
    more: '{{count}} more match — type to narrow',
  },
  display: {
    button: 'Sieve columns',
    title: 'Sieve columns to show',
    hint: 'Saved for your account on every device.',
    all: 'Show all',
  },
};

export const ru: typeof en = {
  keys: {
    countries: 'Страны',
    languages: 'Языки',
    trafficSourceIds: 'Источники трафика',
    landerIds: 'Лендинги',
    affiliateIds: 'Партнёры',
    teamIds: 'Команды',
    advertiserIds: 'Рекламодатели',
    schedule: 'Расписание',
  },
  any: {
    countries: 'Любая страна',
    languages: 'Любой язык',
    trafficSourceIds: 'Любой источник',
    landerIds: 'Любой лендинг',
    affiliateIds: 'Любой партнёр',
    teamIds: 'Любая команда',
    advertiserIds: 'Любой рекламодатель',
    schedule: 'В любое время',
  },
  hints: {
    empty: 'Пустой список подходит подо всё.',
    landersNeedOffer: 'Лендинги можно выбрать, когда они появятся у оффера.',
  },
  matchesAll: 'Подходит всё',
  more: '+{{count}}',
  notFound: 'Не найдено (#{{id}})',
  days: { 1: 'Пн', 2: 'Вт', 3: 'Ср', 4: 'Чт', 5: 'Пт', 6: 'Сб', 7: 'Вс' },
  daysLong: { 1: 'Понедельник', 2: 'Вторник', 3: 'Среда', 4: 'Четверг', 5: 'Пятница', 6: 'Суббота', 7: 'Воскресенье' },
  everyDay: 'Ежедневно',
  schedule: {
    anyTime: 'В любое время',
    byWindows: 'По расписанию',
    timezone: 'Часовой пояс',
    from: 'С',
    to: 'До',
    addWindow: 'Добавить интервал',
    removeWindow: 'Удалить интервал',
    noWindows: 'Интервалов нет: пока вы не добавите интервал, расписание не подходит ни под какое время.',
    pastMidnight: 'Переходит через полночь на следующий день',
    allDay: 'Время совпадает: весь день',
    weekdays: 'Пн–Пт',
    weekend: 'Сб–Вс',
    everyDay: 'Ежедневно',
    window: 'Интервал {{n}}',
  },
  errors: {
    days: 'Выберите хотя бы один день недели',
    from: 'Укажите время начала в формате ЧЧ:ММ',
    to: 'Укажите время окончания в формате ЧЧ:ММ',
    timezone: 'Выберите часовой пояс',
    invalid: 'Проверьте отмеченные поля условий',
  },
  pickers: {
    search: 'Начните вводить для поиска',
    more: 'Ещё {{count}} — уточните поиск',
  },
  display: {
    button: 'Колонки условий',
    title: 'Какие условия показывать',
    hint: 'Сохраняется для вашей учётной записи на всех устройствах.',
    all: 'Показать все',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of the sieve controls: their own keys first, then the app's (status, validation, ...). */
export const useSieveT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
