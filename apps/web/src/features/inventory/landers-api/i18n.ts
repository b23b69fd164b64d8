/**
 * Texts of the landing API screens (list, create / edit drawer with the language versions, page), in the
 * `landingsApi` namespace. Shell keys (status, validation, table) fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'landingsApi';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (status, table, validation, ...). */
export const useLandingsApiT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
