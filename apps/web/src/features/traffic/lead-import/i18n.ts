/** Texts of the lead import screen (/leads/import) in the `leadImport` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';

export const NS = 'leadImport';

export const en = {
  title: 'Import leads',
  subtitle: 'Bring leads from a CSV or XLSX file: map its columns, choose the affiliate and the offer, then store or distribute them.',
  back: 'Leads',
  steps: { upload: 'File', mapping: 'Mapping and options', progress: 'Import' },
  upload: {
    drop: 'Drop a CSV or XLSX file here, or click to choose one',
    hint: 'The first row names the columns. Up to 200,000 rows and 64 MB.',
    template: 'Download the template',
    rows_one: '{{count}} row',
    rows_other: '{{count}} rows',
  },
  mapping: {
    column: 'Column of the file',
    field: 'Lead field',
    skip: 'Not imported',
    preview: 'First rows',
    affiliate: 'Affiliate',
    offer: 'Offer',
    pickAffiliate: 'Choose the affiliate first',
    distribute: 'Distribute the leads to advertisers (caps apply)',
    distributeOff: 'Only store the leads (send them later with Resend)',
    postbacks: 'Fire the affiliate’s lead postbacks',
    start: 'Start the import',
    restart: 'Another file',
    needMapping: 'Map at least one column',
    sourceDateHint: 'A date column becomes the lead’s source date; the lead itself is created now.',
  },
  fields: {
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    email: 'E-mail',
    country: 'Country',
    language: 'Language',
    ip: 'IP',
    landing: 'Landing',
    sourceUrl: 'Source URL',
    userAgent: 'User agent',
    sourceDate: 'Source date',
  },
  progress: {
    running: 'Importing: {{done}} of {{total}} rows',
    pending: 'Waiting for the import to start…',
    done: 'The import is finished',
    failed: 'The import failed',
    accepted: 'Accepted',
    duplicates: 'Duplicates',
    invalid: 'Invalid',
    report: 'Download the report',
    toLeads: 'Open the leads',
  },
};

export const ru: typeof en = {
  title: 'Импорт лидов',
  subtitle: 'Загрузите лиды из файла CSV или XLSX: сопоставьте столбцы, выберите аффилиата и оффер, затем сохраните или распределите их.',
  back: 'Лиды',
  steps: { upload: 'Файл', mapping: 'Сопоставление и параметры', progress: 'Импорт' },
  upload: {
    drop: 'Перетащите сюда файл CSV или XLSX или нажмите, чтобы выбрать',
    hint: 'Первая строка — названия столбцов. До 200 000 строк и 64 МБ.',
    template: 'Скачать шаблон',
    rows_one: '{{count}} строка',
    rows_few: '{{count}} строки',
    rows_many: '{{count}} строк',
    rows_other: '{{count}} строки',
  } as typeof en.upload,
  mapping: {
    column: 'Столбец файла',
    field: 'Поле лида',
    skip: 'Не импортировать',
    preview: 'Первые строки',
    affiliate: 'Аффилиат',
    offer: 'Оффер',
    pickAffiliate: 'Сначала выберите аффилиата',
    distribute: 'Распределить лиды рекламодателям (с учётом капов)',
    distributeOff: 'Только сохранить лиды (отправить позже повторной отправкой)',
    postbacks: 'Отправить лид-постбэки аффилиата',
    start: 'Начать импорт',
    restart: 'Другой файл',
    needMapping: 'Сопоставьте хотя бы один столбец',
    sourceDateHint: 'Столбец даты станет исходной датой лида; сам лид создаётся сейчас.',
  },
  fields: {
    firstName: 'Имя',
    lastName: 'Фамилия',
    phone: 'Телефон',
    email: 'E-mail',
    country: 'Страна',
    language: 'Язык',
    ip: 'IP',
    landing: 'Лендинг',
    sourceUrl: 'URL источника',
    userAgent: 'User agent',
    sourceDate: 'Исходная дата',
  },
  progress: {
    running: 'Импорт: {{done}} из {{total}} строк',
    pending: 'Ожидание начала импорта…',
    done: 'Импорт завершён',
    failed: 'Импорт не удался',
    accepted: 'Приняты',
    duplicates: 'Дубликаты',
    invalid: 'Невалидные',
    report: 'Скачать отчёт',
    toLeads: 'Открыть лиды',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useLeadImportT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
