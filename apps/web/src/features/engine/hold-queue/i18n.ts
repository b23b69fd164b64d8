/** Texts of the hold-queue screen, in the `holdQueue` namespace. */
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export { en, ru };

export const NS = 'holdQueue';
const resources = { en, ru };
export default resources;
for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, NS, bundle, true, true);
