/**
 * Texts of the verticals screens, in the `verticals` namespace (the cascade popup's words too, which the platforms
 * screens share). Shell keys (status, validation, table) fall back to the app's bundle.
 */
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'verticals';

export { en, ru };

const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
