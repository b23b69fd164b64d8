/** Texts of the shared period controls (the day-range filter and its presets), in the `period` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'period';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const usePeriodT = () => useTranslation(NS);
