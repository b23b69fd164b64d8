/** Texts of the integration guide (/integration-guide) in the `integrationGuide` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';

export const NS = 'integrationGuide';

export const en = {
  title: 'Integration guide',
  subtitle: 'Send leads to {{brand}} from your own server or form, and get postbacks back in your tracker.',
  back: 'Back',
  forOffer: 'Examples for the offer',
  allOffers: 'Show the general guide',
  offerHint: 'Open the guide from an offer’s page to get examples for that offer.',
  loadError: 'The guide could not be loaded',
  retry: 'Try again',
  auth: {
    title: 'Authentication',
    text: 'Every request carries your lead API token in the {{header}} header (or as Authorization: Bearer <token>). Keep it secret: whoever has it posts leads in your name.',
    yours: 'Your token',
    none: 'You have no lead API token yet: issue one in your profile, then reload this page.',
    staff: 'The examples show {{placeholder}}: each affiliate uses their own token (Profile → About).',
    profile: 'Open the profile',
    show: 'Show',
    hide: 'Hide',
  },
  operation: {
    url: 'Endpoint',
    fields: 'Request fields',
    answer: 'Answer fields (inside data)',
    responses: 'Answers and error codes',
    examples: 'Examples',
    example_lead: 'Post a lead',
    example_test: 'Post a test lead (stored with status test, never sent to an advertiser)',
    errorShape: 'Every error answers {statusCode, message, errors}; errors names each field in error (loc) and why (type, msg).',
  },
  columns: {
    field: 'Field',
    type: 'Type',
    required: 'Required',
    description: 'Description',
    code: 'Code',
    title: 'Title',
    where: 'Sent as',
    macro: 'Macro',
  },
  yes: 'required',
  no: 'optional',
  maxLength: 'up to {{count}} characters',
  values: 'one of: {{values}}',
  offer: {
    title: 'Parameters of the offer’s vertical ({{vertical}})',
    text: 'The offer checks these on top of the fields above; a parameter that is not a standard field goes inside fields.',
    none: 'The vertical asks for no parameters of its own.',
  },
  postback: {
    title: 'Postbacks to your tracker',
    text: 'Set your tracker’s URL in Postbacks; {{brand}} calls it on the events you choose and replaces each macro by its value.',
    example: 'Example URL',
    macros: 'Macros',
    events: 'Events',
  },
};

export const ru: typeof en = {
  title: 'Руководство по интеграции',
  subtitle: 'Отправляйте лиды в {{brand}} со своего сервера или формы и получайте постбэки в свой трекер.',
  back: 'Назад',
  forOffer: 'Примеры для оффера',
  allOffers: 'Показать общее руководство',
  offerHint: 'Откройте руководство со страницы оффера, чтобы получить примеры для него.',
  loadError: 'Не удалось загрузить руководство',
  retry: 'Повторить',
  auth: {
    title: 'Аутентификация',
    text: 'Каждый запрос передаёт ваш API-токен для лидов в заголовке {{header}} (или как Authorization: Bearer <token>). Храните его в секрете: кто его знает, отправляет лиды от вашего имени.',
    yours: 'Ваш токен',
    none: 'У вас ещё нет API-токена для лидов: выпустите его в профиле и обновите страницу.',
    staff: 'В примерах стоит {{placeholder}}: каждый аффилиат использует свой токен (Профиль → О себе).',
    profile: 'Открыть профиль',
    show: 'Показать',
    hide: 'Скрыть',
  },
  operation: {
    url: 'Адрес',
    fields: 'Поля запроса',
    answer: 'Поля ответа (внутри data)',
    responses: 'Ответы и коды ошибок',
    examples: 'Примеры',
    example_lead: 'Отправить лид',
    example_test: 'Отправить тестовый лид (сохраняется со статусом test и не отправляется рекламодателю)',
    errorShape: 'Каждая ошибка отвечает {statusCode, message, errors}; errors называет каждое ошибочное поле (loc) и причину (type, msg).',
  },
  columns: {
    field: 'Поле',
    type: 'Тип',
    required: 'Обязательное',
    description: 'Описание',
    code: 'Код',
    title: 'Название',
    where: 'Передаётся как',
    macro: 'Макрос',
  },
  yes: 'обязательное',
  no: 'необязательное',
  maxLength: 'до {{count}} символов',
  values: 'одно из: {{values}}',
  offer: {
    title: 'Параметры вертикали оффера ({{vertical}})',
    text: 'Оффер проверяет их вдобавок к полям выше; параметр, который не является стандартным полем, передаётся внутри fields.',
    none: 'Вертикаль не требует собственных параметров.',
  },
  postback: {
    title: 'Постбэки в ваш трекер',
    text: 'Укажите URL вашего трекера в разделе «Постбэки»; {{brand}} вызывает его при выбранных событиях и подставляет значения макросов.',
    example: 'Пример URL',
    macros: 'Макросы',
    events: 'События',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useIntegrationGuideT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
