/** Texts of the global postback screen, in the `globalPostback` namespace. */
import i18n from '../../i18n';
import { MACRO_DESCRIPTIONS_EN, MACRO_DESCRIPTIONS_RU } from '../../i18n/macros';
import enTexts from './locales/postback.en.json';
import ruTexts from './locales/postback.ru.json';

export const en = { ...enTexts, macros: { ...enTexts.macros, descriptions: MACRO_DESCRIPTIONS_EN } };
export const ru: typeof en = { ...ruTexts, macros: { ...ruTexts.macros, descriptions: MACRO_DESCRIPTIONS_RU } };

export const NS = 'globalPostback';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
