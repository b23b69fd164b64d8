/** Texts of the statistics screens (/statistics, /statistics/leads) in the `statistics` namespace; shell keys fall back to the app bundle. */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'statistics';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useStatisticsT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
