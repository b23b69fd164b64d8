/**
 * Texts of the metrics screens, in the `metrics` namespace. The formula builder errors (product §5) are also merged
 * into `validation.<code>` of the default namespace, so a server field error or toast with the code reads as text.
 */
import { FORMULA_ERRORS, type FormulaErrorCode } from '@leadgrid/shared/insights/formula';
import i18n from '../../../i18n';
import enTexts from './locales/en.json';
import ruTexts from './locales/ru.json';

/** the Russian texts of the shared formula error codes (their English is FORMULA_ERRORS), checked against the codes */
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

/**
 * the Russian names of the shared built-in metrics and their groups; their English is BUILT_IN_METRICS' own, which
 * labels.ts reads as the default value, so the English bundle has none
 */
const builtInsRu: Record<string, { title: string; description: string }> = {
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
};
const groupsRu: Record<string, string> = {
  Traffic: 'Трафик',
  Leads: 'Лиды',
  Conversions: 'Конверсии',
  Money: 'Деньги',
};

export const en = {
  ...enTexts,
  formulaErrors: { ...FORMULA_ERRORS } as Record<FormulaErrorCode, string>,
  builtIns: {} as Record<string, { title: string; description: string }>,
  groups: {} as Record<string, string>,
};
export const ru: typeof en = { ...ruTexts, formulaErrors: formulaErrorsRu, builtIns: builtInsRu, groups: groupsRu };

export const NS = 'metrics';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) {
  i18n.addResourceBundle(lng, NS, bundle, true, true);
  i18n.addResourceBundle(lng, 'translation', { validation: bundle.formulaErrors }, true, false);
}
