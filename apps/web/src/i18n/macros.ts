/**
 * The descriptions of the shared tracking macros (`@leadgrid/shared/engine/macros`), by macro name: the English is the
 * catalogue's own, the Russian is here. Every screen that lists macros (the postback builders, the lander and creative
 * drawers) takes its descriptions from this one place; `macros.test.ts` checks that every macro has both.
 */
import { MACROS } from '@leadgrid/shared/engine/macros';

export const MACRO_DESCRIPTIONS_EN: Readonly<Record<string, string>> = Object.fromEntries(MACROS.map((m) => [m.name, m.description]));

export const MACRO_DESCRIPTIONS_RU: Readonly<Record<string, string>> = {
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

/** the descriptions of only the macros named (a screen that offers a part of the catalogue) */
export const macroDescriptionsOf = (descriptions: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, descriptions[name]]));
