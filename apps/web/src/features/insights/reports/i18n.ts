/** Texts of /reports and /reports/downloads (and the "save this view" button of /statistics), in the `reports` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'reports';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useReportsT = () => useTranslation(NS);
