/**
 * Texts of the landing API screens (list, create / edit drawer with the language versions, page), in the
 * `landingsApi` namespace. Shell keys (status, validation, table) fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';

export const NS = 'landingsApi';

export const en = {
  title: 'Landing API',
  subtitle: 'Landing pages kept once, in language versions; offers make their landers from them.',
  tabs: { active: 'Active', inactive: 'Inactive', all: 'All' },
  emptyTitle: 'No landing pages yet',
  emptyText: 'Add a page with its language versions; offer landers can then copy a version instead of typing URLs.',
  emptyFilteredTitle: 'No landing pages found',
  emptyFiltered: 'No landing page matches these filters.',
  fields: {
    id: 'ID',
    title: 'Title',
    description: 'Description',
    vertical: 'Vertical',
    pageType: 'Page type',
    languages: 'Languages',
    categories: 'Categories',
    tags: 'Tags',
    offers: 'Offers',
    status: 'Status',
    createdAt: 'Created',
    createdBy: 'Created by',
    actions: 'Actions',
  },
  filters: {
    search: 'Title or ID',
    vertical: 'Vertical',
    category: 'Category',
    tag: 'Tag',
    language: 'Language',
    reset: 'Reset the filters',
  },
  pageTypes: { landing: 'Landing', prelanding: 'Prelanding' },
  actions: {
    create: 'New landing page',
    edit: 'Edit',
    open: 'Open',
    save: 'Save',
    cancel: 'Cancel',
    back: 'Back to the list',
    retry: 'Try again',
    activate: 'Activate',
    deactivate: 'Deactivate',
  },
  confirm: {
    activate_one: 'Activate {{count}} landing page?',
    activate_other: 'Activate {{count}} landing pages?',
    deactivate_one: 'Deactivate {{count}} landing page?',
    deactivate_other: 'Deactivate {{count}} landing pages?',
    activateText: 'Its active versions can be chosen again when landers are made.',
    deactivateText: 'It can no longer be chosen for new landers; landers already made from it keep working.',
  },
  drawer: {
    createTitle: 'New landing page',
    editTitle: 'Edit {{title}}',
    verticalHint: 'Offers of this vertical can use it; none: every vertical.',
    anyVertical: 'Any vertical',
  },
  versions: {
    title: 'Language versions',
    hint: 'One version per language: the URL clicks go to (lander macros allowed) and a preview without macros. A lander copies its version when it is made.',
    empty: 'No versions yet: add one per language.',
    emptyDetail: 'No language versions: edit the page to add them.',
    none: 'No versions',
    language: 'Language',
    targetUrl: 'Target URL',
    previewUrl: 'Preview URL',
    preview: 'Preview',
    landers: 'Landers made',
    open: 'Open',
    add: 'Add a language version',
    edit: 'Edit versions',
    remove: 'Remove the {{language}} version',
    duplicate: 'The language {{language}} has two versions',
  },
  detail: {
    details: 'Details',
    offers: 'Offers using it',
    noOffers: 'No offer has a lander made from this page yet.',
    notFound: 'This landing page does not exist',
  },
};

type Texts = { [K in keyof typeof en]: unknown };

export const ru: Texts = {
  title: 'Landing API',
  subtitle: 'Лендинги, которые хранятся один раз в языковых версиях; офферы создают из них свои лендинги.',
  tabs: { active: 'Активные', inactive: 'Неактивные', all: 'Все' },
  emptyTitle: 'Страниц пока нет',
  emptyText: 'Добавьте страницу с языковыми версиями; лендинги офферов смогут копировать версию вместо ввода URL.',
  emptyFilteredTitle: 'Страницы не найдены',
  emptyFiltered: 'Ни одна страница не подходит под эти фильтры.',
  fields: {
    id: 'ID',
    title: 'Название',
    description: 'Описание',
    vertical: 'Вертикаль',
    pageType: 'Тип страницы',
    languages: 'Языки',
    categories: 'Категории',
    tags: 'Теги',
    offers: 'Офферы',
    status: 'Статус',
    createdAt: 'Создана',
    createdBy: 'Создал',
    actions: 'Действия',
  },
  filters: {
    search: 'Название или ID',
    vertical: 'Вертикаль',
    category: 'Категория',
    tag: 'Тег',
    language: 'Язык',
    reset: 'Сбросить фильтры',
  },
  pageTypes: { landing: 'Лендинг', prelanding: 'Прелендинг' },
  actions: {
    create: 'Новая страница',
    edit: 'Изменить',
    open: 'Открыть',
    save: 'Сохранить',
    cancel: 'Отмена',
    back: 'К списку',
    retry: 'Повторить',
    activate: 'Активировать',
    deactivate: 'Деактивировать',
  },
  confirm: {
    activate_one: 'Активировать {{count}} страницу?',
    activate_few: 'Активировать {{count}} страницы?',
    activate_many: 'Активировать {{count}} страниц?',
    activate_other: 'Активировать {{count}} страницы?',
    deactivate_one: 'Деактивировать {{count}} страницу?',
    deactivate_few: 'Деактивировать {{count}} страницы?',
    deactivate_many: 'Деактивировать {{count}} страниц?',
    deactivate_other: 'Деактивировать {{count}} страницы?',
    activateText: 'Её активные версии снова можно выбирать при создании лендингов.',
    deactivateText: 'Её больше нельзя выбрать для новых лендингов; уже созданные лендинги продолжают работать.',
  },
  drawer: {
    createTitle: 'Новая страница',
    editTitle: 'Изменить {{title}}',
    verticalHint: 'Её могут использовать офферы этой вертикали; без вертикали — любые.',
    anyVertical: 'Любая вертикаль',
  },
  versions: {
    title: 'Языковые версии',
    hint: 'Одна версия на язык: URL, куда идут клики (можно макросы лендинга), и превью без макросов. Лендинг копирует версию при создании.',
    empty: 'Версий пока нет: добавьте по одной на язык.',
    emptyDetail: 'Языковых версий нет: измените страницу, чтобы добавить их.',
    none: 'Нет версий',
    language: 'Язык',
    targetUrl: 'Целевой URL',
    previewUrl: 'URL превью',
    preview: 'Превью',
    landers: 'Создано лендингов',
    open: 'Открыть',
    add: 'Добавить языковую версию',
    edit: 'Изменить версии',
    remove: 'Удалить версию {{language}}',
    duplicate: 'У языка {{language}} две версии',
  },
  detail: {
    details: 'Сведения',
    offers: 'Используют офферы',
    noOffers: 'Ни у одного оффера пока нет лендинга из этой страницы.',
    notFound: 'Такой страницы нет',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (status, table, validation, ...). */
export const useLandingsApiT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
