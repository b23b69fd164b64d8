/** Texts of the geos screen, in the `geos` namespace. */
import i18n from '../../../i18n';

export const en = {
  title: 'Geos',
  subtitle:
    'Named groups of countries and the spellings affiliates send for them. Leads are matched to a geo by country code, then by alternative spelling.',
  fields: {
    id: 'ID',
    title: 'Title',
    countries: 'Countries',
    aliases: 'Alternative spellings',
    status: 'Status',
    createdAt: 'Created',
  },
  hints: {
    title: 'Unique among geos that are not deleted.',
    countries: 'A lead whose country code is one of these belongs to this geo.',
    aliases:
      'Other ways the same place is written in incoming leads, e.g. “Deutschland”, “BRD”. Press Enter after each one. Matching ignores letter case.',
  },
  placeholders: { countries: 'Choose countries', aliases: 'Type a spelling and press Enter', country: 'Country' },
  search: 'Search by title or spelling',
  create: 'New geo',
  edit: 'Edit geo',
  more: '+{{count}} more',
  none: 'None',
  tester: {
    title: 'Check a value',
    placeholder: 'Country code or spelling, e.g. de or Deutschland',
    match: 'A lead with “{{value}}” belongs to this geo',
    noMatch: 'A lead with “{{value}}” does not belong to this geo',
  },
  emptyTitle: 'No geos yet',
  emptyText: 'Create a geo to group countries for the hold queue and lead matching.',
  deleteTitle_one: 'Delete this geo?',
  deleteTitle_other: 'Delete {{count}} geos?',
  deleteText: 'A deleted geo disappears from lists and pickers and frees its title. This cannot be undone.',
  deletedHint: 'Deleted geos cannot be edited or restored.',
  actions: { save: 'Save', cancel: 'Cancel', edit: 'Edit', delete: 'Delete' },
};

export const ru: typeof en & Record<string, unknown> = {
  title: 'Гео',
  subtitle:
    'Именованные группы стран и варианты написания, которые присылают партнёры. Лид относится к гео по коду страны, затем по варианту написания.',
  fields: {
    id: 'ID',
    title: 'Название',
    countries: 'Страны',
    aliases: 'Варианты написания',
    status: 'Статус',
    createdAt: 'Создано',
  },
  hints: {
    title: 'Уникально среди неудалённых гео.',
    countries: 'Лид с одним из этих кодов страны относится к этому гео.',
    aliases:
      'Другие написания того же места во входящих лидах, например «Deutschland», «BRD». Нажимайте Enter после каждого. Регистр букв не важен.',
  },
  placeholders: { countries: 'Выберите страны', aliases: 'Введите написание и нажмите Enter', country: 'Страна' },
  search: 'Поиск по названию или написанию',
  create: 'Новое гео',
  edit: 'Изменить гео',
  more: 'ещё {{count}}',
  none: 'Нет',
  tester: {
    title: 'Проверить значение',
    placeholder: 'Код страны или написание, например de или Deutschland',
    match: 'Лид со значением «{{value}}» относится к этому гео',
    noMatch: 'Лид со значением «{{value}}» не относится к этому гео',
  },
  emptyTitle: 'Гео пока нет',
  emptyText: 'Создайте гео, чтобы группировать страны для очереди удержания и сопоставления лидов.',
  deleteTitle_one: 'Удалить это гео?',
  deleteTitle_few: 'Удалить {{count}} гео?',
  deleteTitle_many: 'Удалить {{count}} гео?',
  deleteTitle_other: 'Удалить {{count}} гео?',
  deleteText: 'Удалённое гео пропадает из списков и выбора и освобождает название. Это нельзя отменить.',
  deletedHint: 'Удалённые гео нельзя изменить или восстановить.',
  actions: { save: 'Сохранить', cancel: 'Отмена', edit: 'Изменить', delete: 'Удалить' },
};

export const NS = 'geos';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
