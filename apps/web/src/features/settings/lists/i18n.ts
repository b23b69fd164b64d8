/** Texts of the lists screens (tags, categories, traffic sources), in the `lists` namespace. Pickers: components/pickers. */
import i18n from '../../../i18n';

export const en = {
  title: 'Lists',
  subtitle: 'Tags, offer categories and traffic sources used across the platform.',
  tabs: { tags: 'Tags', categories: 'Categories', trafficSources: 'Traffic sources' },
  fields: {
    id: 'ID',
    title: 'Title',
    type: 'Entity type',
    status: 'Status',
    createdAt: 'Created',
    createdBy: 'Created by',
  },
  tagTypes: { offer: 'Offer', advertiser: 'Advertiser', affiliate: 'Affiliate', campaign: 'Campaign', lead: 'Lead', landing: 'Landing' },
  search: 'Search by title',
  actions: {
    create: 'Add',
    edit: 'Edit',
    open: 'Open',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    activate: 'Activate',
    deactivate: 'Deactivate',
    back: 'Back to the list',
  },
  tags: {
    create: 'New tag',
    edit: 'Edit tag',
    emptyTitle: 'No tags yet',
    emptyText: 'Tags label offers, advertisers, affiliates, campaigns, leads and landings. Add the first one.',
    deleteTitle_one: 'Delete this tag?',
    deleteTitle_other: 'Delete {{count}} tags?',
    deleteText: 'Records labelled with it lose the label. This cannot be undone.',
    detail: 'Tag #{{id}}',
  },
  categories: {
    create: 'New category',
    edit: 'Edit category',
    emptyTitle: 'No categories yet',
    emptyText: 'Categories group offers for affiliates and filters. Add the first one.',
    detail: 'Category #{{id}}',
  },
  trafficSources: {
    create: 'New traffic source',
    edit: 'Edit traffic source',
    emptyTitle: 'No traffic sources yet',
    emptyText: 'Traffic sources are where affiliates buy their traffic. Add the first one.',
    detail: 'Traffic source #{{id}}',
  },
  notFound: 'This record does not exist or was deleted.',
};

export const ru: typeof en = {
  title: 'Списки',
  subtitle: 'Теги, категории офферов и источники трафика, которые используются по всей платформе.',
  tabs: { tags: 'Теги', categories: 'Категории', trafficSources: 'Источники трафика' },
  fields: {
    id: 'ID',
    title: 'Название',
    type: 'Тип сущности',
    status: 'Статус',
    createdAt: 'Создан',
    createdBy: 'Кем создан',
  },
  tagTypes: { offer: 'Оффер', advertiser: 'Рекламодатель', affiliate: 'Партнёр', campaign: 'Кампания', lead: 'Лид', landing: 'Лендинг' },
  search: 'Поиск по названию',
  actions: {
    create: 'Добавить',
    edit: 'Изменить',
    open: 'Открыть',
    save: 'Сохранить',
    cancel: 'Отмена',
    delete: 'Удалить',
    activate: 'Активировать',
    deactivate: 'Деактивировать',
    back: 'Назад к списку',
  },
  tags: {
    create: 'Новый тег',
    edit: 'Изменить тег',
    emptyTitle: 'Тегов пока нет',
    emptyText: 'Теги помечают офферы, рекламодателей, партнёров, кампании, лиды и лендинги. Добавьте первый.',
    deleteTitle_one: 'Удалить этот тег?',
    deleteTitle_other: 'Удалить теги ({{count}})?',
    deleteText: 'Записи с этим тегом потеряют метку. Отменить удаление нельзя.',
    detail: 'Тег #{{id}}',
  },
  categories: {
    create: 'Новая категория',
    edit: 'Изменить категорию',
    emptyTitle: 'Категорий пока нет',
    emptyText: 'Категории группируют офферы для партнёров и фильтров. Добавьте первую.',
    detail: 'Категория #{{id}}',
  },
  trafficSources: {
    create: 'Новый источник трафика',
    edit: 'Изменить источник трафика',
    emptyTitle: 'Источников трафика пока нет',
    emptyText: 'Источники трафика — откуда партнёры берут трафик. Добавьте первый.',
    detail: 'Источник трафика #{{id}}',
  },
  notFound: 'Такой записи нет или она удалена.',
};

export const NS = 'lists';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
