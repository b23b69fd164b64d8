/**
 * Texts of the shared pickers (tags, categories, traffic sources; managers, affiliates, teams; verticals,
 * platforms, advertisers; postbacks), in the `pickers` namespace. Statuses fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

export const NS = 'pickers';

export const en = {
  lists: {
    tags: 'Choose tags',
    tag: 'Choose a tag',
    categories: 'Choose categories',
    category: 'Choose a category',
    trafficSources: 'Choose traffic sources',
    trafficSource: 'Choose a traffic source',
    searching: 'Searching…',
  },
  people: {
    manager: 'Choose a manager',
    managers: 'Choose managers',
    affiliate: 'Choose an affiliate',
    affiliates: 'Choose affiliates',
    team: 'Choose a team',
    teams: 'Choose teams',
    noTeam: 'No team',
    more_one: '{{count}} more: type to search',
    more_other: '{{count}} more: type to search',
    members_one: '{{count}} member',
    members_other: '{{count}} members',
    roleTypes: {
      admin: 'Administrator',
      affiliate_manager: 'Affiliate manager',
      advertiser_manager: 'Advertiser manager',
      advertiser_member: 'Advertiser member',
      employee: 'Employee',
      affiliate: 'Affiliate',
    },
  },
  sellSide: {
    vertical: 'Choose a vertical',
    verticals: 'Verticals',
    platform: 'Choose a platform',
    platforms: 'Platforms',
    managers: 'Admins and advertiser managers',
    advertiser: 'Search by title or secure ID',
    loadFailed: 'Could not load the list',
    roleTypes: {
      admin: 'Admin',
      affiliate_manager: 'Affiliate manager',
      advertiser_manager: 'Advertiser manager',
      advertiser_member: 'Advertiser member',
      employee: 'Employee',
      affiliate: 'Affiliate',
    },
  },
  postbacks: {
    placeholder: 'Every postback of the affiliate',
    none: 'No active postbacks: add one on the Postbacks page',
    failed: 'The postbacks could not be loaded',
    hint: 'Only the chosen postbacks are called for this campaign; none chosen: all of the affiliate’s postbacks.',
    untitled: 'Untitled postback',
  },
};

type Messages = { [key: string]: string | Messages };

export const ru: Messages = {
  lists: {
    tags: 'Выберите теги',
    tag: 'Выберите тег',
    categories: 'Выберите категории',
    category: 'Выберите категорию',
    trafficSources: 'Выберите источники трафика',
    trafficSource: 'Выберите источник трафика',
    searching: 'Поиск…',
  },
  people: {
    manager: 'Выберите менеджера',
    managers: 'Выберите менеджеров',
    affiliate: 'Выберите партнёра',
    affiliates: 'Выберите партнёров',
    team: 'Выберите команду',
    teams: 'Выберите команды',
    noTeam: 'Без команды',
    more_one: 'Ещё {{count}}: начните вводить для поиска',
    more_few: 'Ещё {{count}}: начните вводить для поиска',
    more_many: 'Ещё {{count}}: начните вводить для поиска',
    more_other: 'Ещё {{count}}: начните вводить для поиска',
    members_one: '{{count}} участник',
    members_few: '{{count}} участника',
    members_many: '{{count}} участников',
    members_other: '{{count}} участника',
    roleTypes: {
      admin: 'Администратор',
      affiliate_manager: 'Менеджер партнёров',
      advertiser_manager: 'Менеджер рекламодателей',
      advertiser_member: 'Сотрудник рекламодателя',
      employee: 'Сотрудник',
      affiliate: 'Партнёр',
    },
  },
  sellSide: {
    vertical: 'Выберите вертикаль',
    verticals: 'Вертикали',
    platform: 'Выберите платформу',
    platforms: 'Платформы',
    managers: 'Администраторы и менеджеры рекламодателей',
    advertiser: 'Поиск по названию или secure ID',
    loadFailed: 'Не удалось загрузить список',
    roleTypes: {
      admin: 'Администратор',
      affiliate_manager: 'Менеджер партнёров',
      advertiser_manager: 'Менеджер рекламодателей',
      advertiser_member: 'Участник рекламодателя',
      employee: 'Сотрудник',
      affiliate: 'Партнёр',
    },
  },
  postbacks: {
    placeholder: 'Все постбэки партнёра',
    none: 'Активных постбэков нет: добавьте постбэк на странице «Постбэки»',
    failed: 'Постбэки не удалось загрузить',
    hint: 'Для этой кампании вызываются только выбранные постбэки; если не выбран ни один — все постбэки партнёра.',
    untitled: 'Постбэк без названия',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of the pickers: their own keys first, then the app's (status, ...). */
export const usePickersT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
