/** Texts of the permission picker and the permission change summary, in the `permissionEditor` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

export const NS = 'permissionEditor';

export const en = {
  picker: {
    filter: 'Filter permissions',
    selected: '{{count}} of {{total}} selected',
    all: 'Select all',
    none: 'Clear',
    nothing: 'No permission matches the filter',
    selectGroup: 'Select every permission of {{group}}',
  },
  diff: {
    title: 'Change the permissions of “{{title}}”?',
    text: 'Check the change before saving it.',
    added_one: '{{count}} permission added',
    added_other: '{{count}} permissions added',
    removed_one: '{{count}} permission removed',
    removed_other: '{{count}} permissions removed',
    users_one: '{{count}} user holds this role: the change applies to them at once.',
    users_other: '{{count}} users hold this role: the change applies to them at once.',
    confirm: 'Save the permissions',
    back: 'Back to editing',
  },
  groups: {
    dashboard: 'Dashboard',
    statistics: 'Statistics',
    offers: 'Offers',
    advertisers: 'Advertisers',
    affiliates: 'Affiliates',
    employees: 'Employees',
    campaigns: 'Campaigns',
    reports: 'Reports',
    traffic: 'Traffic data',
    settings: 'Settings',
    roles: 'Roles',
    users: 'Users',
    finance: 'Finance',
  },
};

type Messages = { [key: string]: string | Messages };

export const ru: Messages = {
  picker: {
    filter: 'Фильтр прав',
    selected: 'Выбрано {{count}} из {{total}}',
    all: 'Выбрать все',
    none: 'Снять все',
    nothing: 'Ни одно право не подходит под фильтр',
    selectGroup: 'Выбрать все права группы «{{group}}»',
  },
  diff: {
    title: 'Изменить права роли «{{title}}»?',
    text: 'Проверьте изменения перед сохранением.',
    added_one: 'Добавлено {{count}} право',
    added_few: 'Добавлено {{count}} права',
    added_many: 'Добавлено {{count}} прав',
    added_other: 'Добавлено {{count}} права',
    removed_one: 'Убрано {{count}} право',
    removed_few: 'Убрано {{count}} права',
    removed_many: 'Убрано {{count}} прав',
    removed_other: 'Убрано {{count}} права',
    users_one: 'Эта роль у {{count}} пользователя: изменение сразу применится к нему.',
    users_few: 'Эта роль у {{count}} пользователей: изменение сразу применится к ним.',
    users_many: 'Эта роль у {{count}} пользователей: изменение сразу применится к ним.',
    users_other: 'Эта роль у {{count}} пользователя: изменение сразу применится к ним.',
    confirm: 'Сохранить права',
    back: 'Вернуться к редактированию',
  },
  groups: {
    dashboard: 'Дашборд',
    statistics: 'Статистика',
    offers: 'Офферы',
    advertisers: 'Рекламодатели',
    affiliates: 'Партнёры',
    employees: 'Сотрудники',
    campaigns: 'Кампании',
    reports: 'Отчёты',
    traffic: 'Данные трафика',
    settings: 'Настройки',
    roles: 'Роли',
    users: 'Пользователи',
    finance: 'Финансы',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const usePermissionEditorT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
