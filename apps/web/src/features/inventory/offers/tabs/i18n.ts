/**
 * Texts of the offer tabs landings (landers and creatives), caps and targeting, and payment rules, in the `offerTabs`
 * namespace. Shell keys (status, validation, table) fall back to the app's bundle.
 */
import { LANDER_MACROS } from '@leadgrid/shared/inventory/landers';
import { MACROS } from '@leadgrid/shared/engine/macros';
import i18n from '../../../../i18n';
import enTexts from './locales/en.json';
import ruTexts from './locales/ru.json';

export const NS = 'offerTabs';

const macroDescriptions = Object.fromEntries(MACROS.filter((m) => LANDER_MACROS.includes(m.name)).map((m) => [m.name, m.description]));

/** the Russian descriptions of the lander macros (their English is MACROS' own), by macro name */
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
  offer_id: 'ID оффера',
  campaign_id: 'ID кампании',
  affiliate_id: 'ID партнёра',
};

export const en = { ...enTexts, macros: macroDescriptions };
export const ru = { ...ruTexts, macros: macroDescriptionsRu };

const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
