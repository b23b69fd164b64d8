/** Texts of the general settings screen (namespace 'settings'); shell keys fall back to the app's bundle. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';

export const NS = 'settings';

export const en = {
  common: { save: 'Save changes', discard: 'Discard' },
  general: {
    subtitle: 'The white label of this installation, sign-up, the trial period and the legal details on invoices.',
    loadFailed: 'The settings could not be loaded',
    whiteLabel: {
      title: 'White label',
      name: 'System name',
      nameHint: 'Shown in the sidebar, on the sign-in page and in every page title.',
      logo: 'Logo',
      logoHint: 'Shown in the sidebar and on the sign-in page. A wide PNG or SVG with a transparent background looks best. Up to 10 MB.',
      favicon: 'Favicon',
      faviconHint: 'The icon of the browser tab. A square PNG, SVG or ICO, at least 32 × 32. Up to 10 MB.',
    },
    image: {
      upload: 'Upload',
      replace: 'Replace',
      remove: 'Remove',
      tooLarge: 'The image is larger than 10MB',
      notImage: 'Choose an image file (PNG, JPEG, GIF, WebP, SVG or ICO)',
    },
    access: {
      title: 'Access',
      registration: 'Affiliate registration',
      registrationHint: 'When on, new affiliates can create an account on the sign-up page. When off, the page is hidden.',
      trial: 'Trial expires',
      trialPlaceholder: 'No trial',
      trialEnds_one: 'Ends {{date}} ({{zone}}), {{count}} day left. Users see a banner until then.',
      trialEnds_other: 'Ends {{date}} ({{zone}}), {{count}} days left. Users see a banner until then.',
      trialEnded: 'Ended {{date}} ({{zone}}). Users see that the trial has expired.',
      noTrial: 'No trial period and no trial banner. Pick a date to start one.',
    },
    preview: {
      title: 'Preview',
      tab: 'Browser tab',
      tabTitle: 'Dashboard - {{name}}',
      sidebar: 'Sidebar, light and dark',
    },
    legal: {
      title: 'Legal details',
      details: 'Company details on invoices',
      hint: 'Printed in the header of every invoice PDF: company name, address, registration and tax numbers, bank. Up to 2,000 characters.',
      placeholder: 'Example Media Ltd\n1 Main Street, London\nCompany No. 01234567 · VAT GB123456789',
    },
    instance: { title: 'Installation', customerId: 'Customer ID', apiDomain: 'API address', baseCurrency: 'Base currency' },
  },
};

type Messages = { [key: string]: string | Messages };

export const ru: Messages = {
  common: { save: 'Сохранить', discard: 'Отменить изменения' },
  general: {
    subtitle: 'Фирменный стиль этой установки, регистрация, пробный период и реквизиты в счетах.',
    loadFailed: 'Не удалось загрузить настройки',
    whiteLabel: {
      title: 'Фирменный стиль',
      name: 'Название системы',
      nameHint: 'Показывается в меню, на странице входа и в заголовке каждой страницы.',
      logo: 'Логотип',
      logoHint: 'Показывается в меню и на странице входа. Лучше всего — широкий PNG или SVG с прозрачным фоном. До 10 МБ.',
      favicon: 'Фавикон',
      faviconHint: 'Значок вкладки браузера. Квадратный PNG, SVG или ICO, не меньше 32 × 32. До 10 МБ.',
    },
    image: {
      upload: 'Загрузить',
      replace: 'Заменить',
      remove: 'Удалить',
      tooLarge: 'Изображение больше 10 МБ',
      notImage: 'Выберите изображение (PNG, JPEG, GIF, WebP, SVG или ICO)',
    },
    access: {
      title: 'Доступ',
      registration: 'Регистрация партнёров',
      registrationHint: 'Если включено, новые партнёры могут создать аккаунт на странице регистрации. Если выключено, страница скрыта.',
      trial: 'Пробный период до',
      trialPlaceholder: 'Без пробного периода',
      trialEnds_one: 'Закончится {{date}} ({{zone}}), остался {{count}} день. До этого пользователи видят баннер.',
      trialEnds_few: 'Закончится {{date}} ({{zone}}), осталось {{count}} дня. До этого пользователи видят баннер.',
      trialEnds_many: 'Закончится {{date}} ({{zone}}), осталось {{count}} дней. До этого пользователи видят баннер.',
      trialEnds_other: 'Закончится {{date}} ({{zone}}), осталось {{count}} дня. До этого пользователи видят баннер.',
      trialEnded: 'Закончился {{date}} ({{zone}}). Пользователи видят, что пробный период истёк.',
      noTrial: 'Пробного периода и баннера нет. Выберите дату, чтобы начать его.',
    },
    preview: {
      title: 'Предпросмотр',
      tab: 'Вкладка браузера',
      tabTitle: 'Дашборд - {{name}}',
      sidebar: 'Меню, светлая и тёмная тема',
    },
    legal: {
      title: 'Реквизиты',
      details: 'Реквизиты компании в счетах',
      hint: 'Печатаются в шапке каждого счёта в PDF: название компании, адрес, регистрационный и налоговый номера, банк. До 2 000 символов.',
      placeholder: 'ООО «Пример Медиа»\nМосква, ул. Главная, 1\nИНН 7701234567 · ОГРН 1027700000000',
    },
    instance: { title: 'Установка', customerId: 'ID клиента', apiDomain: 'Адрес API', baseCurrency: 'Базовая валюта' },
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (nav, table, validation, ...). */
export const useSettingsT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
