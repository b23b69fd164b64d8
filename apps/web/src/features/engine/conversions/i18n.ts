/**
 * Texts of the /conversions screen (list, filters, status changes and their outcome, the edit drawer) in the
 * `conversions` namespace. Status labels come from the app's bundle (`status.<name>`).
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'conversions';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (status, table, validation, ...). */
export const useConversionsT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
