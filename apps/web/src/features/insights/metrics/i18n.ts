/**
 * Texts of the metrics screens, in the `metrics` namespace. The formula builder errors (product §5) are also merged
 * into `validation.<code>` of the default namespace, so a server field error or toast with the code reads as text.
 */
import { FORMULA_ERRORS, type FormulaErrorCode } from '@leadgrid/shared/insights/formula';
import i18n from '../../../i18n';

const formulaErrorsRu: Record<FormulaErrorCode, string> = {
  unequalBrackets: 'Количество открывающих и закрывающих скобок не совпадает',
  tooShort: 'Формула слишком короткая',
  edgeOperator: 'Формула не может начинаться или заканчиваться бинарным оператором',
  operatorBeforeBracket: 'Перед открывающей скобкой не хватает бинарного оператора',
  adjacentOperators: 'Два бинарных оператора не могут стоять рядом',
  operatorNearBracket: 'Бинарный оператор не может стоять перед закрывающей скобкой или после открывающей',
  emptyBrackets: 'Скобки не могут быть пустыми',
  adjacentOperands: 'Два операнда не могут стоять рядом',
  unknownMetric: 'В формуле есть неизвестная метрика',
  badNumber: 'В формуле неверное число',
};

export const en = {
  title: 'Metrics',
  subtitle: 'Custom metrics are formulas over the built-in ones; active metrics can be shown in statistics and on the dashboard.',
  tabs: { active: 'Active', inactive: 'Inactive', all: 'All' },
  sections: { custom: 'Custom metrics', builtIn: 'Built-in metrics' },
  builtInHint: 'Counted by the platform. They cannot be edited, and custom formulas are built from them.',
  fields: {
    id: 'ID',
    title: 'Title',
    description: 'Description',
    group: 'Group',
    outputFormat: 'Output format',
    formula: 'Formula',
    status: 'Status',
    createdAt: 'Created',
    key: 'Key',
  },
  outputFormats: { amount: 'Amount', money: 'Money', percentages: 'Percentages' },
  outputFormatHints: { amount: 'A count, two decimals', money: 'An amount in the base currency', percentages: 'A share, shown with %' },
  placeholders: { group: 'e.g. Quality', description: 'What the metric shows and how to read it' },
  hints: {
    group: 'Metrics of one group stand together in the column settings of statistics.',
  },
  search: 'Search by title or description',
  create: 'New metric',
  edit: 'Edit metric',
  open: 'Open',
  emptyTitle: 'No custom metrics yet',
  emptyText: 'Combine built-in metrics into your own, for example the approval rate of leads.',
  counted: 'Counted from raw data',
  builder: {
    metrics: 'Metrics',
    operators: 'Operators',
    number: 'Number',
    add: 'Add',
    backspace: 'Remove the last element',
    clear: 'Clear',
    empty: 'Click metrics, operators and numbers below to build the formula.',
    builtInOnly: 'A formula uses built-in metrics only, not other custom metrics.',
    numberInvalid: 'Enter a positive number, e.g. 100 or 0.5',
    valid: 'The formula is valid',
    operatorNames: { '+': 'Add', '-': 'Subtract', '*': 'Multiply', '/': 'Divide', '(': 'Opening bracket', ')': 'Closing bracket' },
  },
  formulaErrors: { ...FORMULA_ERRORS } as Record<FormulaErrorCode, string>,
  builtIns: {} as Record<string, { title: string; description: string }>,
  groups: {} as Record<string, string>,
  detail: {
    back: 'Back to metrics',
    notFound: 'This metric does not exist',
    loadFailed: 'The metric could not be loaded',
    details: 'Details',
    formula: 'Formula',
  },
  actions: { save: 'Save', cancel: 'Cancel', edit: 'Edit', activate: 'Activate', deactivate: 'Deactivate' },
};

export const ru: typeof en = {
  title: 'Метрики',
  subtitle: 'Свои метрики — это формулы из встроенных; активные метрики можно показывать в статистике и на дашборде.',
  tabs: { active: 'Активные', inactive: 'Неактивные', all: 'Все' },
  sections: { custom: 'Свои метрики', builtIn: 'Встроенные метрики' },
  builtInHint: 'Считаются платформой. Их нельзя изменить, а свои формулы строятся из них.',
  fields: {
    id: 'ID',
    title: 'Название',
    description: 'Описание',
    group: 'Группа',
    outputFormat: 'Формат вывода',
    formula: 'Формула',
    status: 'Статус',
    createdAt: 'Создана',
    key: 'Ключ',
  },
  outputFormats: { amount: 'Количество', money: 'Деньги', percentages: 'Проценты' },
  outputFormatHints: { amount: 'Число, два знака после запятой', money: 'Сумма в базовой валюте', percentages: 'Доля, показывается с %' },
  placeholders: { group: 'например, Качество', description: 'Что показывает метрика и как её читать' },
  hints: {
    group: 'Метрики одной группы стоят рядом в настройках колонок статистики.',
  },
  search: 'Поиск по названию или описанию',
  create: 'Новая метрика',
  edit: 'Изменить метрику',
  open: 'Открыть',
  emptyTitle: 'Своих метрик пока нет',
  emptyText: 'Соберите свою метрику из встроенных, например долю подтверждённых лидов.',
  counted: 'Считается по сырым данным',
  builder: {
    metrics: 'Метрики',
    operators: 'Операторы',
    number: 'Число',
    add: 'Добавить',
    backspace: 'Удалить последний элемент',
    clear: 'Очистить',
    empty: 'Нажимайте на метрики, операторы и числа ниже, чтобы собрать формулу.',
    builtInOnly: 'В формуле можно использовать только встроенные метрики, не другие свои.',
    numberInvalid: 'Введите положительное число, например 100 или 0,5',
    valid: 'Формула верна',
    operatorNames: {
      '+': 'Сложить',
      '-': 'Вычесть',
      '*': 'Умножить',
      '/': 'Разделить',
      '(': 'Открывающая скобка',
      ')': 'Закрывающая скобка',
    },
  },
  formulaErrors: formulaErrorsRu,
  builtIns: {
    clicks: { title: 'Клики', description: 'Все клики по ссылкам кампаний' },
    unique_clicks: { title: 'Уникальные клики', description: 'Клики разных посетителей' },
    leads: { title: 'Лиды', description: 'Лиды, полученные через API лидов' },
    conversions: { title: 'Конверсии', description: 'Конверсии всех статусов' },
    approved_conversions: { title: 'Одобренные конверсии', description: 'Конверсии в статусе «одобрена»' },
    revenue: { title: 'Доход', description: 'Доход от рекламодателей в базовой валюте' },
    payout: { title: 'Выплата', description: 'Выплаты партнёрам в базовой валюте' },
    profit: { title: 'Прибыль', description: 'Доход минус выплата' },
    cr: { title: 'CR', description: 'Конверсия: конверсии на 100 кликов' },
    epc: { title: 'EPC', description: 'Заработок на клик: выплата, делённая на клики' },
    roi: { title: 'ROI', description: 'Окупаемость: прибыль на 100 выплаты' },
  },
  groups: { Traffic: 'Трафик', Leads: 'Лиды', Conversions: 'Конверсии', Money: 'Деньги' },
  detail: {
    back: 'К метрикам',
    notFound: 'Такой метрики нет',
    loadFailed: 'Метрику не удалось загрузить',
    details: 'Сведения',
    formula: 'Формула',
  },
  actions: { save: 'Сохранить', cancel: 'Отмена', edit: 'Изменить', activate: 'Включить', deactivate: 'Выключить' },
};

export const NS = 'metrics';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) {
  i18n.addResourceBundle(lng, NS, bundle, true, true);
  i18n.addResourceBundle(lng, 'translation', { validation: bundle.formulaErrors }, true, false);
}
