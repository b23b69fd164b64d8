/** Texts of the dashboard (`/`) in the `dashboard` namespace; metric and dimension titles come from the statistics texts. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import '../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'dashboard';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** the dashboard's texts, then the statistics' (metric and dimension titles), then the app's */
export const useDashboardT = () => useTranslation([NS, 'statistics', 'translation'], { nsMode: 'fallback' });
