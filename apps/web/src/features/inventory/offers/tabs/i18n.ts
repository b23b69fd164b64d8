/**
 * Texts of the offer tabs landings (landers and creatives), caps and targeting, and payment rules, in the `offerTabs`
 * namespace. Shell keys (status, validation, table) fall back to the app's bundle.
 */
import { LANDER_MACROS } from '@leadgrid/shared/inventory/landers';
import i18n from '../../../../i18n';
import { MACRO_DESCRIPTIONS_EN, MACRO_DESCRIPTIONS_RU, macroDescriptionsOf } from '../../../../i18n/macros';
import enTexts from './locales/en.json';
import ruTexts from './locales/ru.json';

export const NS = 'offerTabs';

export const en = { ...enTexts, macros: macroDescriptionsOf(MACRO_DESCRIPTIONS_EN, LANDER_MACROS) };
export const ru = { ...ruTexts, macros: macroDescriptionsOf(MACRO_DESCRIPTIONS_RU, LANDER_MACROS) };

const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
