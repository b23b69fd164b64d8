/** Texts of the notes panel, in the `notes` namespace. */
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export { en, ru };

export const NS = 'notes';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
