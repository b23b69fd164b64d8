/** Texts of the lists screens (tags, categories, traffic sources), in the `lists` namespace. Pickers: components/pickers. */
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export { en, ru };

export const NS = 'lists';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
