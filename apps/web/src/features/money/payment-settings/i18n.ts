/** Texts of the payment settings tab, in the `paymentSettings` namespace. */
import i18n from '../../../i18n';

export const en = {
  title: 'Payment settings',
  subtitle: 'The base currency of the network, the defaults of new invoices, withdrawals and automatic invoices.',
  base: {
    title: 'Base currency',
    text: 'Balances, statistics and rates are kept in the base currency. Every other currency’s rate says how many of its units one base unit buys.',
    current: 'Current base currency',
    choose: 'New base currency',
    change: 'Change base currency',
    confirmTitle: 'Make {{code}} the base currency?',
    confirmText:
      'Every rate is re-based on {{code}} in one step and kept in the rate history; past amounts keep the rates of their time. Amounts in the minimum payout are converted.',
    preview: 'Rates after the change (per 1 {{code}}):',
    confirm: 'Change',
  },
  invoice: {
    title: 'Invoice defaults',
    prefix: 'Invoice title prefix',
    prefixHint: 'New invoices are titled with it, e.g. {{example}}.',
    terms: 'Payment terms',
    termsHint: 'Days between an invoice and its due date (0–365).',
    days: 'days',
    minPayout: 'Minimum payout',
    minPayoutHint: 'Affiliates can request a payout from this amount, in the base currency.',
    save: 'Save',
  },
  withdrawals: {
    title: 'Withdrawals and automatic invoices',
    second: 'Allow a second withdrawal request',
    secondHint: 'When off, an affiliate waits until its unpaid withdrawal request is paid or declined before asking again.',
    auto: 'Automatic invoices',
    autoHint: {
      off: 'Invoices are made by hand or requested by affiliates.',
      weekly:
        'Every Monday, each affiliate gets an invoice for the approved conversions of the past week (Monday to Sunday, in its time zone), one per currency.',
      monthly:
        'On the 1st of each month, each affiliate gets an invoice for the approved conversions of the past month (in its time zone), one per currency.',
    },
    periods: { off: 'Off', weekly: 'Weekly', monthly: 'Monthly' },
    for: 'For',
    forAll: 'Every affiliate',
    forChosen: 'Chosen affiliates',
    affiliates: 'Affiliates',
    affiliatesPlaceholder: 'Search affiliates',
    chooseOne: 'Choose at least one affiliate',
  },
  links: {
    currencies: 'Currencies',
    currenciesText: '{{count}} active currencies and their rates.',
    paymentMethods: 'Payment methods',
    paymentMethodsText: 'The ways the network pays and the details affiliates fill in.',
    open: 'Open',
  },
  loadFailed: 'The payment settings could not be loaded.',
  actions: { cancel: 'Cancel', retry: 'Try again' },
};

export const ru: typeof en = {
  title: 'Платёжные настройки',
  subtitle: 'Базовая валюта сети, значения по умолчанию для новых счетов, выводы и автоматические счета.',
  base: {
    title: 'Базовая валюта',
    text: 'Балансы, статистика и курсы ведутся в базовой валюте. Курс любой другой валюты показывает, сколько её единиц стоит одна базовая.',
    current: 'Текущая базовая валюта',
    choose: 'Новая базовая валюта',
    change: 'Сменить базовую валюту',
    confirmTitle: 'Сделать {{code}} базовой валютой?',
    confirmText:
      'Все курсы будут пересчитаны к {{code}} за один шаг и сохранены в истории курсов; прошлые суммы сохраняют курсы своего времени. Минимальная выплата будет пересчитана.',
    preview: 'Курсы после смены (за 1 {{code}}):',
    confirm: 'Сменить',
  },
  invoice: {
    title: 'Счета по умолчанию',
    prefix: 'Префикс названия счёта',
    prefixHint: 'Новые счета называются с ним, например {{example}}.',
    terms: 'Срок оплаты',
    termsHint: 'Дней между выставлением счёта и сроком оплаты (0–365).',
    days: 'дн.',
    minPayout: 'Минимальная выплата',
    minPayoutHint: 'Партнёры могут запросить выплату от этой суммы, в базовой валюте.',
    save: 'Сохранить',
  },
  withdrawals: {
    title: 'Выводы и автоматические счета',
    second: 'Разрешить второй запрос на вывод',
    secondHint: 'Если выключено, партнёр ждёт, пока его неоплаченный запрос на вывод оплатят или отклонят, прежде чем запросить снова.',
    auto: 'Автоматические счета',
    autoHint: {
      off: 'Счета создаются вручную или по запросу партнёров.',
      weekly:
        'Каждый понедельник каждый партнёр получает счёт за одобренные конверсии прошлой недели (с понедельника по воскресенье, в его часовом поясе), по одному на валюту.',
      monthly:
        'Первого числа каждого месяца каждый партнёр получает счёт за одобренные конверсии прошлого месяца (в его часовом поясе), по одному на валюту.',
    },
    periods: { off: 'Выкл.', weekly: 'Еженедельно', monthly: 'Ежемесячно' },
    for: 'Для кого',
    forAll: 'Все партнёры',
    forChosen: 'Выбранные партнёры',
    affiliates: 'Партнёры',
    affiliatesPlaceholder: 'Поиск партнёров',
    chooseOne: 'Выберите хотя бы одного партнёра',
  },
  links: {
    currencies: 'Валюты',
    currenciesText: 'Активных валют: {{count}}, их курсы.',
    paymentMethods: 'Способы оплаты',
    paymentMethodsText: 'Способы выплат сети и реквизиты, которые заполняют партнёры.',
    open: 'Открыть',
  },
  loadFailed: 'Не удалось загрузить настройки платежей.',
  actions: { cancel: 'Отмена', retry: 'Повторить' },
};

export const NS = 'paymentSettings';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
