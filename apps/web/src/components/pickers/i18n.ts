/**
 * Texts of the shared pickers (tags, categories, traffic sources; managers, affiliates, teams; verticals,
 * platforms, advertisers; postbacks), in the `pickers` namespace. Statuses fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'pickers';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of the pickers: their own keys first, then the app's (status, ...). */
export const usePickersT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
