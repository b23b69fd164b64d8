/** Texts of the roles screen (namespace 'roles'); shell keys (status, table, validation, ...) fall back to the app's bundle. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';

export const NS = 'roles';

export const en = {
  title: 'Roles',
  subtitle: 'What each kind of user may see and do. A user gets the permissions of their role.',
  system: 'System',
  systemHint: 'Built-in role: it cannot be deactivated',
  emptyTitle: 'No roles found',
  emptyText: 'Create a role to give a group of users the same permissions.',
  emptyFiltered: 'No role matches these filters.',
  resetFilters: 'Reset the filters',
  common: { cancel: 'Cancel' },
  columns: {
    title: 'Title',
    type: 'Type',
    permissions: 'Permissions',
    usersCount: 'Users',
    status: 'Status',
    createdAt: 'Created',
    actions: 'Actions',
  },
  filters: { search: 'Search by title', type: 'All types', all: 'All' },
  types: {
    admin: 'Administrator',
    affiliate_manager: 'Affiliate manager',
    advertiser_manager: 'Advertiser manager',
    advertiser_member: 'Advertiser member',
    employee: 'Employee',
    affiliate: 'Affiliate',
  },
  actions: { create: 'New role', edit: 'Edit', view: 'View', clone: 'Clone', more: 'More actions' },
  status: {
    active: 'Active',
    inactive: 'Inactive',
    activate: 'Activate',
    deactivate: 'Deactivate',
    activateTitle: 'Activate “{{title}}”?',
    activateText: 'The role can be assigned to users again.',
    deactivateTitle: 'Deactivate “{{title}}”?',
    deactivateText: 'An inactive role cannot be assigned to users. A role that users hold, or a system role, cannot be deactivated.',
  },
  fields: {
    title: 'Title',
    titlePlaceholder: 'e.g. Senior affiliate manager',
    type: 'Role type',
    typePlaceholder: 'Choose a type',
    typeFixed: 'The type of a role cannot be changed once it is created.',
    permissions: 'Permissions',
    requireTwoFactor: 'Require two-factor sign-in',
    requireTwoFactorHint:
      'Users of this role must set up two-factor sign-in in their profile before they can open anything else, and cannot turn it off.',
    requireTwoFactorAdminOnly: 'Only an administrator can change this.',
  },
  drawer: {
    createTitle: 'New role',
    editTitle: 'Edit role “{{title}}”',
    viewTitle: 'Role “{{title}}”',
    create: 'Create the role',
    save: 'Save changes',
    close: 'Close',
    pickTypeFirst: 'Choose the role type to see the permissions it may hold.',
    catalogueFailed: 'The permissions could not be loaded',
    lockedAdmin: '{{title}} is the built-in administrator role: it always holds every permission.',
  },
};

type Messages = { [key: string]: string | Messages };

export const ru: Messages = {
  title: 'Роли',
  subtitle: 'Что может видеть и делать каждый вид пользователей. Пользователь получает права своей роли.',
  system: 'Системная',
  systemHint: 'Встроенная роль: её нельзя деактивировать',
  emptyTitle: 'Роли не найдены',
  emptyText: 'Создайте роль, чтобы дать группе пользователей одинаковые права.',
  emptyFiltered: 'Ни одна роль не подходит под фильтры.',
  resetFilters: 'Сбросить фильтры',
  common: { cancel: 'Отмена' },
  columns: {
    title: 'Название',
    type: 'Тип',
    permissions: 'Права',
    usersCount: 'Пользователи',
    status: 'Статус',
    createdAt: 'Создана',
    actions: 'Действия',
  },
  filters: { search: 'Поиск по названию', type: 'Все типы', all: 'Все' },
  types: {
    admin: 'Администратор',
    affiliate_manager: 'Менеджер партнёров',
    advertiser_manager: 'Менеджер рекламодателей',
    advertiser_member: 'Представитель рекламодателя',
    employee: 'Сотрудник',
    affiliate: 'Партнёр',
  },
  actions: { create: 'Новая роль', edit: 'Изменить', view: 'Просмотр', clone: 'Клонировать', more: 'Другие действия' },
  status: {
    active: 'Активные',
    inactive: 'Неактивные',
    activate: 'Активировать',
    deactivate: 'Деактивировать',
    activateTitle: 'Активировать «{{title}}»?',
    activateText: 'Роль снова можно будет назначать пользователям.',
    deactivateTitle: 'Деактивировать «{{title}}»?',
    deactivateText:
      'Неактивную роль нельзя назначить пользователям. Роль, которая назначена пользователям, или системную роль деактивировать нельзя.',
  },
  fields: {
    title: 'Название',
    titlePlaceholder: 'Например, старший менеджер партнёров',
    type: 'Тип роли',
    typePlaceholder: 'Выберите тип',
    typeFixed: 'Тип роли нельзя изменить после создания.',
    permissions: 'Права',
    requireTwoFactor: 'Требовать двухфакторный вход',
    requireTwoFactorHint:
      'Пользователи с этой ролью должны включить двухфакторный вход в профиле, прежде чем откроют что-либо ещё, и не смогут его отключить.',
    requireTwoFactorAdminOnly: 'Изменить это может только администратор.',
  },
  drawer: {
    createTitle: 'Новая роль',
    editTitle: 'Изменение роли «{{title}}»',
    viewTitle: 'Роль «{{title}}»',
    create: 'Создать роль',
    save: 'Сохранить',
    close: 'Закрыть',
    pickTypeFirst: 'Выберите тип роли, чтобы увидеть доступные ей права.',
    catalogueFailed: 'Не удалось загрузить права',
    lockedAdmin: '{{title}} — встроенная роль администратора: у неё всегда есть все права.',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (status, table, validation, ...). */
export const useRolesT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
