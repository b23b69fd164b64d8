/**
 * Texts of the postbacks screens, in the `postbacks` namespace. Event, event group and macro texts are the global
 * postback's (`globalPostback` namespace), shared with the URL builder parts of features/engine/global-postback/builder.
 */
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export { en, ru };

export const NS = 'postbacks';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
