/** Texts of the platforms screens, in the `platforms` namespace. The cascade popup's own words live in `verticals`. */
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'platforms';

export { en, ru };

const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
