/** Texts of the global postback screen, in the `globalPostback` namespace. */
import { MACROS } from '@leadgrid/shared/engine/macros';
import i18n from '../../i18n';
import enTexts from './locales/postback.en.json';
import ruTexts from './locales/postback.ru.json';

const macroDescriptionsEn = Object.fromEntries(MACROS.map((m) => [m.name, m.description])) as Record<string, string>;

/** the Russian descriptions of the shared macros (their English is MACROS' own), by macro name */
const macroDescriptionsRu: Record<string, string> = {
  click_id: 'ID клика, выданный трекером',
  sub1: 'Sub ID 1, переданный партнёром при клике',
  sub2: 'Sub ID 2, переданный партнёром при клике',
  sub3: 'Sub ID 3, переданный партнёром при клике',
  sub4: 'Sub ID 4, переданный партнёром при клике',
  sub5: 'Sub ID 5, переданный партнёром при клике',
  sub6: 'Sub ID 6, переданный партнёром при клике',
  sub7: 'Sub ID 7, переданный партнёром при клике',
  sub8: 'Sub ID 8, переданный партнёром при клике',
  sub9: 'Sub ID 9, переданный партнёром при клике',
  country: 'Страна посетителя (ISO-код)',
  ip: 'IP-адрес посетителя',
  lead_id: 'ID лида',
  lead_status: 'API-статус лида (new, sent, hold, ...)',
  lead_grade: 'Оценка лида',
  redirect_url: 'Редирект рекламодателя для посетителя (с event_sent)',
  conversion_id: 'ID конверсии',
  status: 'Статус конверсии (pending, hold, approved, rejected)',
  goal: 'Цель конверсии',
  payout: 'Выплата партнёру',
  revenue: 'Доход от рекламодателя',
  currency: 'Код валюты сумм',
  offer_id: 'ID оффера',
  campaign_id: 'ID кампании',
  affiliate_id: 'ID партнёра',
  advertiser_id: 'ID рекламодателя',
  event: 'Событие, вызвавшее постбэк (conversion_approved, event_sent, ...)',
  timestamp: 'Время события, Unix-секунды',
};

export const en = { ...enTexts, macros: { ...enTexts.macros, descriptions: macroDescriptionsEn } };
export const ru: typeof en = { ...ruTexts, macros: { ...ruTexts.macros, descriptions: macroDescriptionsRu } };

export const NS = 'globalPostback';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
