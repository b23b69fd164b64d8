/** Texts of the domain parking screen, in the `domains` namespace. */
import i18n from '../../../i18n';

export const en = {
  title: 'Domain parking',
  subtitle: 'Your own domains for campaign links (tracking) and for advertisers’ postbacks.',
  fields: {
    id: 'ID',
    host: 'Domain',
    type: 'Purpose',
    status: 'Status',
    dns: 'DNS record',
    createdAt: 'Parked',
    createdBy: 'Parked by',
  },
  types: { track: 'Tracking', postback: 'Postback' },
  typeHints: {
    track: 'Campaign links and clicks open on this domain.',
    postback: 'Advertisers send postbacks to this domain.',
  },
  search: 'Search by domain',
  create: 'Park a domain',
  edit: 'Edit the domain',
  hostHint: 'The host name only, e.g. track.example.com — no http:// and no path.',
  dns: {
    title: 'Point the domain at the platform',
    text: 'At your DNS provider, create this record. The domain works once the record has spread (usually minutes, up to 48 hours).',
    type: 'Type',
    name: 'Name',
    value: 'Value',
    copy: 'Copy',
    copied: 'Copied',
    short: '{{type}} → {{target}}',
  },
  parked: '{{host}} is parked. One step is left: the DNS record below.',
  emptyTitle: 'No parked domains yet',
  emptyText: 'Park a domain to give campaign links and postbacks your own address.',
  actions: { save: 'Save', cancel: 'Cancel', edit: 'Edit' },
};

export const ru: typeof en = {
  title: 'Парковка доменов',
  subtitle: 'Ваши домены для ссылок кампаний (трекинг) и для постбэков рекламодателей.',
  fields: {
    id: 'ID',
    host: 'Домен',
    type: 'Назначение',
    status: 'Статус',
    dns: 'DNS-запись',
    createdAt: 'Припаркован',
    createdBy: 'Кем припаркован',
  },
  types: { track: 'Трекинг', postback: 'Постбэк' },
  typeHints: {
    track: 'На этом домене открываются ссылки кампаний и клики.',
    postback: 'На этот домен рекламодатели отправляют постбэки.',
  },
  search: 'Поиск по домену',
  create: 'Припарковать домен',
  edit: 'Изменить домен',
  hostHint: 'Только имя хоста, например track.example.com — без http:// и без пути.',
  dns: {
    title: 'Направьте домен на платформу',
    text: 'Создайте эту запись у своего DNS-провайдера. Домен заработает, когда запись распространится (обычно минуты, до 48 часов).',
    type: 'Тип',
    name: 'Имя',
    value: 'Значение',
    copy: 'Копировать',
    copied: 'Скопировано',
    short: '{{type}} → {{target}}',
  },
  parked: '{{host}} припаркован. Остался один шаг — DNS-запись ниже.',
  emptyTitle: 'Припаркованных доменов пока нет',
  emptyText: 'Припаркуйте домен, чтобы у ссылок кампаний и постбэков был ваш адрес.',
  actions: { save: 'Сохранить', cancel: 'Отмена', edit: 'Изменить' },
};

export const NS = 'domains';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
